/**
 * The typed HTTP client for the whole interface, driven by the same contract object as the
 * service: `client.call('getPaymentStatus', { params: { paymentRequestId } })`. Requests are
 * validated before they leave, and responses are parsed with the route's schema, so a client
 * never acts on a shape it did not expect.
 */
import { PassThrough } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import type { z } from 'zod';
import {
  ApiClientError,
  callHeaders,
  prepareCall,
  readAnswer,
  type CallInput,
  type CallOutput,
  type RouteName,
} from '../shared/contract/call';
import type { Routes } from '../shared/contract/routes';

export { ApiClientError, type CallInput };

export interface ClientOptions {
  baseUrl: string;
  secret?: string;
  dispatcher?: Dispatcher;
  timeoutMs?: number;
}

export function createClient(options: ClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');

  async function call<N extends RouteName>(
    name: N,
    input: CallInput<Routes[N]> = {} as CallInput<Routes[N]>,
  ): Promise<CallOutput<N>> {
    const prepared = prepareCall(name, input);
    let res: Dispatcher.ResponseData;
    try {
      res = await request(`${base}${prepared.pathAndQuery}`, {
        method: prepared.method,
        headers: callHeaders(prepared, options.secret),
        body: prepared.payload,
        dispatcher: options.dispatcher,
        headersTimeout: options.timeoutMs ?? 10_000,
        bodyTimeout: options.timeoutMs ?? 10_000,
      });
    } catch (error) {
      throw new ApiClientError(0, null, `Cannot reach ${base}: ${(error as Error).message}`);
    }
    return readAnswer<N>(prepared, res.statusCode, await res.body.text());
  }

  /**
   * A request whose body stays open (a route with `lines`): `send` writes one value a line,
   * validated first; `end` ends the body and resolves with the answer. Once the service has
   * answered or the connection failed, `open` is false and `send` returns false: that value was
   * not sent, and the caller sends it another way. `maxMs` is how long the caller will keep it.
   */
  function openLines<N extends LineRouteName>(
    name: N,
    input: CallInput<Routes[N]>,
    maxMs: number,
  ): LineUpload<CallOutput<N>> {
    const prepared = prepareCall(name, input);
    const schema = prepared.def.lines!;
    const body = new PassThrough();
    let open = true;
    const answer = request(`${base}${prepared.pathAndQuery}`, {
      method: prepared.method,
      headers: {
        ...callHeaders(prepared, options.secret),
        'content-type': 'application/x-ndjson',
      },
      body,
      dispatcher: options.dispatcher,
      headersTimeout: maxMs + (options.timeoutMs ?? 10_000),
    }).then(
      async (res) => readAnswer<N>(prepared, res.statusCode, await res.body.text()),
      (error: Error) => {
        throw new ApiClientError(0, null, `Cannot reach ${base}: ${error.message}`);
      },
    );
    const closed = answer.finally(() => {
      open = false;
      body.destroy();
    });
    closed.catch(() => {}); // heard of through `closed`, `end` or `open`
    let endedByCaller = false;
    return {
      get open() {
        return open;
      },
      get endedByCaller() {
        return endedByCaller;
      },
      closed,
      send(value) {
        if (!open) return false;
        body.write(`${JSON.stringify(schema.parse(value))}\n`);
        return true;
      },
      end() {
        open = false;
        endedByCaller = true;
        body.end();
        return closed;
      },
    };
  }

  return { call, openLines, baseUrl: base };
}

/** The routes whose body is newline-delimited JSON, written as the client goes. */
type LineRouteName = {
  [N in RouteName]: Routes[N] extends { lines: z.ZodType } ? N : never;
}[RouteName];

export interface LineUpload<T> {
  /** Lines can still be sent: neither ended nor answered. */
  readonly open: boolean;
  /** `end` was called (an answer before that is the service's or the network's doing). */
  readonly endedByCaller: boolean;
  /** The service's answer, whenever it comes. */
  readonly closed: Promise<T>;
  send(value: unknown): boolean;
  end(): Promise<T>;
}
export type ApiClient = ReturnType<typeof createClient>;
