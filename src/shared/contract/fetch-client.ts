/**
 * The typed client over `fetch`, for browsers (the merchant dashboard) and anything else that has
 * no undici: the same route table, the same validation before sending and the same parsing of
 * answers as src/client/http-client.ts, through call.ts. It uses only the global fetch, so it
 * builds for the browser without Node.
 */
import { z } from 'zod';
import { validationEnvelope } from './errors';
import type { Routes } from './routes';
import {
  ApiClientError,
  callHeaders,
  prepareCall,
  readAnswer,
  type CallInput,
  type CallOutput,
  type RouteName,
} from './call';

export interface FetchClientOptions {
  /** '' for the page's own origin. */
  baseUrl: string;
  secret?: string;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
}

export function createFetchClient(options: FetchClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const send = options.fetch ?? ((input, init) => fetch(input, init));

  async function call<N extends RouteName>(
    name: N,
    input: CallInput<Routes[N]> = {} as CallInput<Routes[N]>,
  ): Promise<CallOutput<N>> {
    let prepared;
    try {
      prepared = prepareCall(name, input);
    } catch (error) {
      // Refused before sending, in the words the service would have used for the same input.
      if (!(error instanceof z.ZodError)) throw error;
      const envelope = validationEnvelope(error);
      throw new ApiClientError(400, envelope, envelope.message);
    }
    let status: number;
    let text: string;
    try {
      // Never from the browser's cache, never with cookies: the secret is the only credential.
      const init = {
        method: prepared.method,
        headers: callHeaders(prepared, options.secret),
        ...(prepared.payload !== undefined ? { body: prepared.payload } : {}),
        cache: 'no-store' as const,
        credentials: 'omit' as const,
      };
      const res = await send(`${base}${prepared.pathAndQuery}`, init);
      status = res.status;
      text = await res.text();
    } catch (error) {
      throw new ApiClientError(
        0,
        null,
        `Could not reach the payments service (${(error as Error).message}).`,
      );
    }
    return readAnswer<N>(prepared, status, text);
  }

  return { call, baseUrl: base };
}
export type FetchClient = ReturnType<typeof createFetchClient>;
