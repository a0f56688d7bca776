/**
 * Where the service's log lines are written: into a buffer in memory, written out when it is
 * full, FLUSH_MS after its first line, and when the process exits (an uncaught error included).
 * A line costs the copying of its bytes; the write system call is shared by the lines of up to
 * FLUSH_MS. pino's own asynchronous destination cost a cached status read more than a tenth of
 * its CPU: a write per few lines through libuv's thread pool, each measuring the text buffered so
 * far, and the lines kept as strings until then, so they outlived the young generation
 * (measured by `npm run bench -- --only service-http`).
 */
import { fstatSync, writeSync } from 'node:fs';

/** The longest a line waits to be written. */
export const FLUSH_MS = 50;
/**
 * A pipe or a terminal takes a write of at most this many bytes whole whoever else writes to
 * it (the instances of `--instances` share their stderr), so lines never interleave.
 */
const PIPE_BUF = 4096;
/** A file opened for appending takes any write whole. */
const FILE_BUFFER = 64 * 1024;

export interface LogSink {
  write(line: string): void;
  /** Writes what is buffered now (pino's `logger.flush`). */
  flush(done?: (error?: Error) => void): void;
  flushSync(): void;
}

const open = new Set<() => void>();
process.on('exit', () => open.forEach((flush) => flush()));

/** A sink writing to `fd`, which stays open as long as the process. */
export function createLogSink(fd: number, flushMs = FLUSH_MS): LogSink {
  const size = fstatSync(fd).isFile() ? FILE_BUFFER : PIPE_BUF;
  const buffer = Buffer.allocUnsafe(size);
  let used = 0;
  let timer: NodeJS.Timeout | undefined;
  const reported = new Set<string>();

  function flushSync() {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (used === 0) return;
    writeAll(fd, buffer.subarray(0, used), reported);
    used = 0;
  }

  function write(line: string) {
    // A UTF-16 unit takes at most 3 bytes in UTF-8, so this never writes past the end.
    if (line.length * 3 > size - used) {
      flushSync();
      if (line.length * 3 > size) return writeAll(fd, Buffer.from(line), reported);
    }
    used += buffer.write(line, used);
    timer ??= setTimeout(flushSync, flushMs).unref();
  }

  open.add(flushSync);
  return {
    write,
    flushSync,
    flush(done) {
      flushSync();
      done?.();
    },
  };
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes all of `bytes`. A full non-blocking pipe (EAGAIN) is waited for, a millisecond at a
 * time, as a synchronous logger would block. Any other failure (a full disk, a closed descriptor)
 * loses these lines but never stops the service: it is reported once per error code, as a
 * process warning.
 */
function writeAll(fd: number, bytes: Buffer, reported: Set<string>) {
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
      if (code === 'EAGAIN') {
        Atomics.wait(pause, 0, 0, 1);
        continue;
      }
      if (!reported.has(code)) {
        reported.add(code);
        process.emitWarning(`log lines could not be written (${code}); later ones will be tried`);
      }
      return;
    }
  }
}
