import type { Db, Trx } from './database.js';

/** Runs `work` in a transaction of its own or of a group: either way, all of it commits or none of it does. */
export type WriteTransaction = <T>(work: (trx: Trx) => Promise<T>) => Promise<T>;

/** At most this many units share a commit, so no one waits behind a long queue for its answer. */
const MAX_GROUP = 32;

interface Unit {
  work: (trx: Trx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** One transaction per unit of work: PostgreSQL, where each request has a connection of its own. */
export const transactionPerUnit =
  (db: Db): WriteTransaction =>
  (work) =>
    db.transaction().execute(work);

/**
 * Group commit for SQLite's one connection. Units of work that arrive in the same turn of the event
 * loop (requests whose bodies and tokens were read together) run one after another in one transaction,
 * each inside a savepoint: a unit that throws is rolled back to its savepoint and gets its own error,
 * the others go on. One COMMIT then writes the pages they share (the last page of each table they append
 * to, the index pages in between) to the log once instead of once per unit (decision 017).
 * Nothing is answered before the commit, so an answer never reports a write that could still be lost.
 * A unit alone runs in a plain transaction.
 */
export function groupCommit(db: Db): WriteTransaction {
  const alone = transactionPerUnit(db);
  const queue: Unit[] = [];
  let scheduled = false;

  const runGroup = async (units: Unit[]) => {
    if (units.length === 1) {
      const [unit] = units as [Unit];
      await alone(unit.work).then(unit.resolve, unit.reject);
      return;
    }
    // Each unit's answer, given only once the group has committed.
    const answers: (() => void)[] = [];
    let trx;
    try {
      trx = await db.startTransaction().execute();
    } catch (error) {
      for (const unit of units) unit.reject(error);
      return;
    }
    try {
      for (const unit of units) {
        const savepoint = await trx.savepoint('unit').execute();
        try {
          const value = await unit.work(savepoint);
          await savepoint.releaseSavepoint('unit').execute();
          answers.push(() => unit.resolve(value));
        } catch (error) {
          await savepoint.rollbackToSavepoint('unit').execute();
          await savepoint.releaseSavepoint('unit').execute();
          answers.push(() => unit.reject(error));
        }
      }
      await trx.commit().execute();
    } catch (error) {
      // The commit or a savepoint statement failed: nothing of the group is kept.
      await trx.rollback().execute().catch(() => undefined);
      for (const unit of units) unit.reject(error);
      return;
    }
    for (const answer of answers) answer();
  };

  const flush = async () => {
    try {
      while (queue.length > 0) await runGroup(queue.splice(0, MAX_GROUP));
    } finally {
      scheduled = false;
    }
  };

  return <T>(work: (trx: Trx) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!scheduled) {
        scheduled = true;
        // After the poll phase: every request read in this turn has queued its unit by then.
        setImmediate(() => void flush());
      }
    });
}
