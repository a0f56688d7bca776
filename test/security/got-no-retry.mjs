/**
 * Preloaded into the electronegativity scan (`node --import`): its HTTP client, got 11, retries
 * a failed fetch while its own timeout also settles the request, and on Node 24 that race
 * (sindresorhus/got#1489) throws out of a timer and kills the scan whenever the network is
 * unreachable (as on this machine). With retries off, each of its fetches (translations, Electron's
 * release list) fails once and the tool goes on with its bundled data, on every Node.
 */
import Module from 'node:module';

const load = Module._load;
// The tool is CommonJS: wrap got where Node's CommonJS loader hands it out.
Module._load = function (request, ...rest) {
  const loaded = load.call(this, request, ...rest);
  if (request !== 'got') return loaded;
  const got = loaded.extend({ retry: { limit: 0 } });
  // Babel's interop reads `.default` from a module marked __esModule, as got's own export is.
  return Object.assign(got, { default: got, __esModule: true });
};
