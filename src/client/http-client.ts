/**
 * The typed HTTP client for the whole interface, driven by the same contract object as the
 * service: `client.call('getPaymentStatus', { params: { paymentRequestId } })`. Requests are
 * validated before they leave, and responses are parsed with the route's schema, so a client
 * never acts on a shape it did not expect.
 */
import { request, type Dispatcher } from 'undici';
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

  return { call, baseUrl: base };
}
export type ApiClient = ReturnType<typeof createClient>;
