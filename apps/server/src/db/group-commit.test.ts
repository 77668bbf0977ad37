import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle, type Trx } from './database.js';
import { groupCommit } from './group-commit.js';

describe('group commit on SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'saathchalo-group-'));
  const file = join(dir, 'group.db');
  let handle: DatabaseHandle;
  // Another connection sees only what the server's connection has committed.
  let observer: SQLite.Database;
  const committed = () => observer.prepare('select who from seats order by id').pluck().all() as string[];

  beforeAll(async () => {
    handle = createDatabase(`sqlite:${file}`);
    await sql`create table seats (id integer primary key, who text not null unique)`.execute(handle.db);
    observer = new SQLite(file);
  });
  afterAll(async () => {
    observer.close();
    await handle.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const take = (who: string) => async (trx: Trx) => {
    await sql`insert into seats (who) values (${who})`.execute(trx);
    return who;
  };

  it('commits the units that arrive together once, and answers each with its own result', async () => {
    const run = groupCommit(handle.db);
    let seenByLast: string[] = [];
    const results = await Promise.all([
      run(take('asha')),
      run(take('bilal')),
      run(async (trx) => {
        seenByLast = committed();
        return take('chitra')(trx);
      }),
    ]);
    expect(results).toEqual(['asha', 'bilal', 'chitra']);
    expect(seenByLast).toEqual([]); // the first two were not committed on their own
    expect(committed()).toEqual(['asha', 'bilal', 'chitra']);
  });

  it('rolls back only the unit that fails, keeping what it wrote before failing out of the commit', async () => {
    const run = groupCommit(handle.db);
    const failing = run(async (trx) => {
      await sql`insert into seats (who) values ('dev')`.execute(trx);
      throw new Error('no seats left');
    });
    const duplicate = run(take('asha')); // the unique index refuses it
    const others = [run(take('esha')), run(take('farhan'))];
    await expect(failing).rejects.toThrow('no seats left');
    await expect(duplicate).rejects.toThrow(/UNIQUE constraint failed: seats.who/);
    expect(await Promise.all(others)).toEqual(['esha', 'farhan']);
    expect(committed()).toEqual(['asha', 'bilal', 'chitra', 'esha', 'farhan']);
  });

  it('runs a unit that arrives alone in a transaction of its own', async () => {
    const run = groupCommit(handle.db);
    await expect(run(take('gita'))).resolves.toBe('gita');
    expect(committed()).toContain('gita');
    await expect(
      run(async (trx) => {
        await sql`insert into seats (who) values ('harsh')`.execute(trx);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(committed()).toEqual(['asha', 'bilal', 'chitra', 'esha', 'farhan', 'gita']);
  });

  it('takes units that arrive while a group commits into the next group', async () => {
    const run = groupCommit(handle.db);
    let seenByLate: string[] = [];
    const late: Promise<string>[] = [];
    const first = [
      run(async (trx) => {
        // Arrives while this group is running: it waits for the next one, after this group's commit.
        late.push(
          run(async (trx2) => {
            seenByLate = committed();
            return take('kiran')(trx2);
          }),
        );
        return take('indu')(trx);
      }),
      run(take('jaya')),
    ];
    expect(await Promise.all(first)).toEqual(['indu', 'jaya']);
    expect(await Promise.all(late)).toEqual(['kiran']);
    expect(seenByLate.slice(-2)).toEqual(['indu', 'jaya']);
  });
});
