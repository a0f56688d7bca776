/**
 * WAL checkpoints on a thread of their own. A checkpoint copies the write-ahead log back into the
 * database file and syncs both files to disk. SQLite runs one in whichever commit takes the log
 * past 1,000 pages, so the thread answering requests sat in fsync for it: under a stream of
 * refunds it sat idle with requests waiting (docs/benchmarks.md).
 *
 * Here a second connection on a worker thread runs a PASSIVE checkpoint on a timer, which copies
 * what no reader still needs and never blocks the writer. The request thread's own automatic
 * checkpoint stays, at a larger size, for when this one cannot keep up or has stopped.
 *
 * The worker's code is plain JavaScript in this file, so it runs from the sources, a bundle and
 * the Electron build alike; it loads the same SQLite package as the service (src/sqlite).
 */
import { Worker } from 'node:worker_threads';
import { SQLITE_PACKAGE_PATH } from '../../../sqlite';

/** How often the worker checkpoints, in ms. */
export const CHECKPOINT_EVERY_MS = 200;
/** The request thread's own automatic checkpoint, in pages: only when this one falls behind. */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 10_000;

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage(error.message);
  }
}, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(file: string, log: (line: string) => void): Checkpointer {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { driver: SQLITE_PACKAGE_PATH, file, everyMs: CHECKPOINT_EVERY_MS },
  });
  worker.on('message', (message: string) => log(`checkpointer: ${message}`));
  worker.on('error', (error) => log(`checkpointer stopped: ${error.message}`));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      worker.postMessage('stop');
      await exited;
    },
  };
}
