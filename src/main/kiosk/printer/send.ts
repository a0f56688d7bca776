/**
 * Sends a print job to a network receipt printer: raw bytes on a TCP port (9100, the "raw" or
 * "JetDirect" port nearly every thermal printer listens on). The protocol has no answer, so a
 * job counts as printed once every byte reached the printer and the printer closed its side
 * without a reset; a printer that is off, unplugged or drops the connection part-way is an error
 * in staff's words, and the caller keeps the job for a retry.
 */
import { connect } from 'node:net';

export interface PrinterAddress {
  host: string;
  port: number;
}

export interface SendTimeouts {
  /** How long a printer may take to accept the connection (default 5 s). */
  connectMs?: number;
  /** How long it may stop taking bytes before the job is given up (default 10 s). */
  idleMs?: number;
  /**
   * After the last byte, how long to wait for the printer to close its side (default 2 s).
   * A reset in that time means it did not take the whole job; silence counts as printed, since
   * some printers keep the connection open until the client goes.
   */
  closeWaitMs?: number;
}

/** The printer did not take the job; `message` says why and what to do, for staff. */
export class PrinterError extends Error {
  constructor(
    readonly address: PrinterAddress,
    readonly reason: string,
  ) {
    super(
      `The receipt printer at ${addressText(address)} ${reason}. Check that it is switched on, ` +
        `has paper and is on the shop's network, then try again.`,
    );
    this.name = 'PrinterError';
  }
}

export const addressText = ({ host, port }: PrinterAddress) =>
  `${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;

function reasonOf(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'refused the connection (is it on, and is the port right?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'is not known by that name on the network';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EHOSTDOWN':
      return 'cannot be reached on the network';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'dropped the connection before the whole receipt was sent';
    default:
      return `could not be sent the receipt (${error.code ?? error.message})`;
  }
}

export function sendToPrinter(
  address: PrinterAddress,
  bytes: Uint8Array,
  timeouts: SendTimeouts = {},
): Promise<void> {
  const connectMs = timeouts.connectMs ?? 5_000;
  return new Promise((resolve, reject) => {
    const socket = connect({ host: address.host.replace(/^\[|\]$/g, ''), port: address.port });
    let settled = false;
    let flushed = false;
    let timer: NodeJS.Timeout | undefined;
    const settle = (error?: PrinterError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve();
    };
    timer = setTimeout(
      () => settle(new PrinterError(address, `did not answer within ${connectMs / 1000} s`)),
      connectMs,
    );
    socket.on('error', (error) => settle(new PrinterError(address, reasonOf(error))));
    // Printers may send status bytes back; nothing here needs them.
    socket.on('data', () => {});
    socket.on('close', () =>
      settle(
        flushed
          ? undefined
          : new PrinterError(address, 'closed the connection before the whole receipt was sent'),
      ),
    );
    socket.on('connect', () => {
      clearTimeout(timer);
      socket.setTimeout(timeouts.idleMs ?? 10_000, () =>
        settle(
          new PrinterError(
            address,
            'stopped taking the receipt (out of paper, or its cover open?)',
          ),
        ),
      );
      socket.end(bytes, () => {
        flushed = true;
        timer = setTimeout(() => settle(), timeouts.closeWaitMs ?? 2_000);
      });
    });
  });
}
