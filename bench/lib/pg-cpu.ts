import { readFileSync } from 'node:fs';
import type pg from 'pg';

/** CPU seconds the backends serving `db` have used so far (not this monitor's own), from /proc. */
export async function pgCpu(client: pg.Client, db: string): Promise<number> {
  const pids = await client.query(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [db],
  );
  let cpu = 0;
  for (const { pid } of pids.rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu += (Number(f[11]) + Number(f[12])) / 100;
    } catch {
      // the backend ended between the two reads
    }
  }
  return cpu;
}
