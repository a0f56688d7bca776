/**
 * Whether the receipt printer answers, without printing anything: a connection to its raw port,
 * reset as soon as it is made. A reset (never a clean close) so the printer takes no job, not
 * even an empty one; a printer that refuses or does not answer in time is offline.
 */
import { connect } from 'node:net';
import type { PrinterAddress } from './send';

export function probePrinter(address: PrinterAddress, timeoutMs = 3_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: address.host.replace(/^\[|\]$/g, ''), port: address.port });
    const done = (ok: boolean) => {
      clearTimeout(timer);
      if (ok) socket.resetAndDestroy();
      else socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
