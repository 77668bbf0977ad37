import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/**
 * Moves SQLite's WAL checkpoints off the event loop.
 *
 * In WAL mode every commit appends pages to the -wal file, and by default the connection that commits
 * copies them back into the database file (with an fsync) once the log holds 1,000 pages. That copy ran
 * on the server's only thread, inside whichever request committed: 0.43 of the 0.56 ms a booking's COMMIT
 * took at a million rides (bench/FINDINGS.md). Here a worker thread with its own connection runs a
 * PASSIVE checkpoint every `everyMs` (it never blocks the writer nor waits for it). The log starts over
 * only when a write begins while every frame is copied back, which under a steady stream of writes
 * rarely happens by itself; so the server's connection still checkpoints when the log reaches
 * `backstopPages`, by then finding almost every frame already copied by the worker (and doing all of it
 * should the worker die).
 */
export interface WalCheckpointer {
  stop(): Promise<void>;
}

// Plain JavaScript run by the worker (eval), so it works the same from sources under test and when built.
const WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma('busy_timeout = 0');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const timer = setInterval(() => {
  try {
    checkpoint.get();
  } catch (error) {
    parentPort.postMessage(String(error && error.message || error));
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  try { checkpoint.get(); } catch {}
  db.close();
  parentPort.close();
});
`;

export function startWalCheckpointer(
  connection: SQLite.Database,
  options: { everyMs?: number; backstopPages?: number; onError?: (message: string) => void } = {},
): WalCheckpointer {
  connection.pragma(`wal_autocheckpoint = ${options.backstopPages ?? 2_000}`);
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      path: connection.name,
      everyMs: options.everyMs ?? 100,
    },
    // The worker only loops over one statement: a small heap is plenty, and it counts in the RSS budget.
    resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2 },
  });
  worker.unref();
  worker.on('message', (message: string) => options.onError?.(message));
  worker.on('error', (error) => options.onError?.(error.message));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      worker.ref(); // the last checkpoint finishes even when nothing else keeps the process alive
      worker.postMessage('stop');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 2_000)))]);
      clearTimeout(timer);
      await worker.terminate();
    },
  };
}
