/**
 * Draws a merchant's SVG logo into a PNG with resvg, in a child process of its own that is
 * killed when it overruns. resvg is native code: a worker thread running it cannot be stopped
 * (terminate() waits for the native call to return), and some filters take minutes on a large
 * canvas (feTurbulence with many octaves, feMorphology with a large radius, measured), so only
 * a process can bound the time. The child gets the SVG on stdin and nothing of this process's
 * environment (no secrets), and draws one file at a time: a merchant sending many at once waits
 * in line rather than taking every core.
 *
 * The element count (logo-svg.ts) has already refused anything that would build a huge tree;
 * this bounds what is left, the pixels.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { FONT_FAMILY, fontFilePaths } from '../ui/render';
import { ApiError } from '../kernel/errors';
import { logoRefusal } from './logo-svg';

/** The drawn PNG's longest side: larger SVGs are scaled down to it, smaller ones kept. */
export const MAX_DRAWN_SIDE = 1024;
/** How long a drawing may take, process start included, before it is killed and refused. */
export const DRAW_TIMEOUT_MS = 5_000;
/** The most drawings waiting for their turn; more are refused (the merchant may try again). */
const MAX_WAITING = 8;

// Not named `require`: electron-vite's ESM output declares its own (see src/sqlite/index.ts).
const nodeRequire = createRequire(import.meta.url);

/**
 * The child, plain JavaScript so that it runs from the sources, a bundle and the Electron build
 * alike (Electron's binary runs it as Node with ELECTRON_RUN_AS_NODE). It answers the PNG on
 * stdout, or one line of JSON on stderr saying why not.
 */
const CHILD = `
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', () => {
  const fail = (reason, detail) => {
    process.stderr.write(JSON.stringify({ reason, detail: String(detail || '').slice(0, 200) }));
    process.exit(2);
  };
  let job;
  try {
    job = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (e) {
    return fail('job', e.message);
  }
  try {
    const { Resvg } = require(job.resvg);
    const options = {
      font: { fontFiles: job.fontFiles, loadSystemFonts: false, defaultFontFamily: job.fontFamily },
      logLevel: 'off',
    };
    let drawing = new Resvg(job.svg, options);
    const width = drawing.width;
    const height = drawing.height;
    if (!(width >= 1 && height >= 1)) return fail('size', width + 'x' + height);
    if (width > job.maxSide || height > job.maxSide) {
      const fitTo = width >= height
        ? { mode: 'width', value: job.maxSide }
        : { mode: 'height', value: job.maxSide };
      drawing = new Resvg(job.svg, { ...options, fitTo });
    }
    const png = drawing.render().asPng();
    process.stdout.write(png, () => process.exit(0));
  } catch (e) {
    fail('draw', e && e.message);
  }
});
`;

/** Only what a process needs to start on each platform: never the service's secrets. */
function childEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ELECTRON_RUN_AS_NODE: '1' };
  for (const key of ['PATH', 'SystemRoot', 'TEMP', 'TMP'])
    if (process.env[key] !== undefined) env[key] = process.env[key];
  return env;
}

interface Failure {
  reason: string;
  detail: string;
}

function refusalFor(failure: Failure): Error {
  if (failure.reason === 'size')
    return logoRefusal('must have a width and height of at least 1 pixel');
  if (failure.reason === 'draw')
    return logoRefusal(`could not be drawn as an SVG image (${failure.detail})`);
  return new Error(`the logo drawing process failed: ${failure.reason} ${failure.detail}`);
}

/** One drawing in a child process: the PNG, a 400 naming `logo`, or an Error for a 500. */
function drawOnce(svg: string, maxBytes: number, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CHILD], {
      env: childEnvironment(),
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let refusal: Error | undefined;
    const stop = (why: Error) => {
      refusal ??= why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () =>
        stop(
          logoRefusal(
            `took longer than ${timeoutMs / 1000} s to draw: simplify it or upload a PNG`,
          ),
        ),
      timeoutMs,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > maxBytes)
        stop(
          logoRefusal(
            `must draw to a PNG of at most ${maxBytes / 1024} KiB: make it simpler or smaller`,
          ),
        );
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => {
      stop(error);
      // No process started (spawn failed): no close will follow.
      if (child.pid === undefined) {
        clearTimeout(timer);
        reject(error);
      }
    });
    // A child that died early closes stdin under the write: its exit says why.
    child.stdin.on('error', () => {});
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (refusal) return reject(refusal);
      if (code === 0) return resolve(Buffer.concat(out));
      // Killed by something else than this code (out of memory): the file's doing.
      if (signal) return reject(logoRefusal(`could not be drawn (its drawing stopped: ${signal})`));
      let failure: Failure;
      try {
        failure = JSON.parse(Buffer.concat(err).toString('utf8')) as Failure;
      } catch {
        failure = { reason: `exit ${code}`, detail: Buffer.concat(err).toString('utf8') };
      }
      reject(refusalFor(failure));
    });
    child.stdin.end(
      JSON.stringify({
        svg,
        resvg: nodeRequire.resolve('@resvg/resvg-js'),
        fontFiles: fontFilePaths(),
        fontFamily: FONT_FAMILY,
        maxSide: MAX_DRAWN_SIDE,
      }),
    );
  });
}

let line: Promise<unknown> = Promise.resolve();
let waiting = 0;

/**
 * The SVG drawn into a PNG of at most MAX_DRAWN_SIDE pixels a side and `maxBytes`, one drawing
 * at a time in this process. The time limit counts from this drawing's turn.
 */
export function drawSvgLogo(
  svg: string,
  maxBytes: number,
  timeoutMs = DRAW_TIMEOUT_MS,
): Promise<Buffer> {
  if (waiting >= MAX_WAITING)
    return Promise.reject(
      new ApiError(503, 'Other logos are being drawn; send this one again shortly', [
        { field: 'logo', message: 'cannot be drawn now: other logos are being drawn' },
      ]),
    );
  waiting++;
  const turn = line.then(() => {
    waiting--;
    return drawOnce(svg, maxBytes, timeoutMs);
  });
  line = turn.catch(() => {});
  return turn;
}
