import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/**
 * Moves SQLite's WAL checkpoints off the event loop.
 *
 * In WAL mode every commit appends pages to the -wal file, and by default the connection that commits
 * copies them back into the database file (with two fsyncs) once the log holds 1,000 pages: on the
 * server's only thread, inside whichever request commits. Here a worker
 * thread with its own connection runs a PASSIVE checkpoint every `everyMs`, which never blocks the writer
 * nor waits for it.
 *
 * Copying alone does not let the log start over: SQLite does that when a write begins while every frame
 * is copied back, and under a steady stream of commits that moment never comes. A RESTART checkpoint would
 * force it, but it holds the write lock through its copy and two fsyncs and polls for it with sleeps of
 * 1-100 ms, which starved it under load. So once the log holds `restartPages`, the worker asks for a
 * pause: the server holds back new transactions (`writable()`), the worker copies the last frames, and the
 * next write starts the log over, at no cost of its own. A pause lasts one PASSIVE checkpoint, a few ms,
 * and never more than `maxPauseMs`; the event loop goes on meanwhile (queries queue behind the held-back
 * transaction, as the connection is one). The server's own connection checkpoints only
 * when the log reaches `backstopPages`, should the worker fall behind or die.
 */
interface WalCheckpointer {
  /** Undefined when writes may go on, or a promise that resolves when they may. */
  writable(): Promise<void> | undefined;
  stop(): Promise<void>;
}

interface WalCheckpointerOptions {
  everyMs?: number;
  restartPages?: number;
  maxPauseMs?: number;
  backstopPages?: number;
  onError?: (message: string) => void;
}

type WorkerMessage = { type: 'pause' } | { type: 'drained' } | { type: 'error'; message: string };

// Plain JavaScript run by the worker (eval), so it works the same from sources under test and when built.
const WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma('busy_timeout = 0');
const passive = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
let pausing = false;
let lastLog = 0;
// Raised after each pause: when one did not let the log start over (a sync slower than the pause's
// limit), the next waits for as many new pages instead of pausing the writers again at once.
let askAt = workerData.restartPages;
function checkpoint() {
  try {
    const { log } = passive.get();
    if (log < lastLog) askAt = workerData.restartPages;
    lastLog = log;
  } catch (error) {
    parentPort.postMessage({ type: 'error', message: String(error && error.message || error) });
  }
}
const timer = setInterval(() => {
  if (pausing) return;
  checkpoint();
  if (lastLog >= askAt) {
    pausing = true;
    parentPort.postMessage({ type: 'pause' });
  }
}, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message === 'paused') {
    checkpoint();
    askAt = lastLog + workerData.restartPages;
    pausing = false;
    parentPort.postMessage({ type: 'drained' });
    return;
  }
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export function startWalCheckpointer(
  connection: SQLite.Database,
  options: WalCheckpointerOptions = {},
): WalCheckpointer {
  connection.pragma(`wal_autocheckpoint = ${options.backstopPages ?? 16_000}`);
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      path: connection.name,
      everyMs: options.everyMs ?? 20,
      restartPages: options.restartPages ?? 4_000,
    },
    // The worker only loops over one statement: a small heap is plenty, and it counts in the RSS budget.
    resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2 },
  });
  worker.unref();
  let paused: { done: Promise<void>; resume: () => void } | undefined;
  const resume = () => {
    paused?.resume();
    paused = undefined;
  };
  worker.on('message', (message: WorkerMessage) => {
    if (message.type === 'error') options.onError?.(message.message);
    else if (message.type === 'drained') resume();
    else if (!paused) {
      // Messages arrive between tasks, when this connection's transactions have ended (one spanning tasks
      // only keeps the log from starting over this time).
      let release!: () => void;
      const done = new Promise<void>((resolve) => (release = resolve));
      const timer = setTimeout(resume, options.maxPauseMs ?? 50);
      paused = { done, resume: () => (clearTimeout(timer), release()) };
      worker.postMessage('paused');
    }
  });
  worker.on('error', (error) => options.onError?.(error.message));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    writable: () => paused?.done,
    async stop() {
      resume();
      worker.ref(); // the last checkpoint finishes even when nothing else keeps the process alive
      worker.postMessage('stop');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 2_000)))]);
      clearTimeout(timer);
      await worker.terminate();
    },
  };
}
