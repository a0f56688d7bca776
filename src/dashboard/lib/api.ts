/**
 * The signed-in session's calls: the typed fetch client (src/shared/contract/fetch-client.ts,
 * the same route table and schemas as the service) bound to the session's secret. A 401 means
 * the secret stopped working, so the session ends and says why; an answer that arrives after
 * sign-out is dropped (StaleCall), never shown.
 */
import {
  ApiClientError,
  type CallInput,
  type CallOutput,
  type RouteName,
} from '../../shared/contract/call';
import { createFetchClient } from '../../shared/contract/fetch-client';
import { routes, type Routes } from '../../shared/contract/routes';

export type Call = <N extends RouteName>(
  name: N,
  input?: CallInput<Routes[N]>,
) => Promise<CallOutput<N>>;

/** A call that belonged to a session that has ended: ignore it. */
export class StaleCall extends Error {
  constructor() {
    super('signed out');
  }
}

export const UNREACHABLE =
  'Could not reach the payments service. Check that it is running and that you are online, then try again.';

/** What to show for a failed call: the service's own message, or what to do when unreachable. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiClientError) return error.status === 0 ? UNREACHABLE : error.message;
  return error instanceof Error ? error.message : String(error);
}

export const isStale = (error: unknown) => error instanceof StaleCall;

/**
 * The service's field errors as sentences to show next to each field ("Amount is more than is
 * left to refund …"), keyed by the field's name; empty when the failure names no field.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiClientError) || !Array.isArray(error.envelope?.errors)) return {};
  const out: Record<string, string> = {};
  for (const { field, message } of error.envelope.errors) {
    if (field in out) continue;
    const sentence = /^[A-Z£]/.test(message)
      ? message
      : `${field.charAt(0).toUpperCase()}${field.slice(1)} ${message}`;
    out[field] = /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
  }
  return out;
}

export interface SessionApi {
  call: Call;
  /** Opens the merchant's change stream with this session's secret in the header. */
  openEvents(signal: AbortSignal): Promise<Response>;
  /** Ends the session: every later answer is a StaleCall. */
  close(): void;
  readonly closed: boolean;
}

export function createSessionApi(options: {
  baseUrl: string;
  secret: string;
  fetch?: typeof fetch;
  onUnauthorized: () => void;
}): SessionApi {
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  const client = createFetchClient({
    baseUrl: options.baseUrl,
    secret: options.secret,
    // The service records who changed a kiosk's settings: the dashboard, not a script's secret.
    fetch: (input, init) =>
      send(input, { ...init, headers: { ...init?.headers, 'x-counter-client': 'dashboard' } }),
  });
  let closed = false;
  const call: Call = async (name, input) => {
    if (closed) throw new StaleCall();
    try {
      const result = await client.call(name, input);
      if (closed) throw new StaleCall();
      return result;
    } catch (error) {
      if (closed) throw new StaleCall();
      if (error instanceof ApiClientError && error.status === 401) {
        closed = true;
        options.onUnauthorized();
        throw new StaleCall();
      }
      throw error;
    }
  };
  return {
    call,
    openEvents(signal) {
      if (closed) return Promise.reject(new StaleCall());
      const init = {
        headers: { authorization: `Bearer ${options.secret}`, accept: 'text/event-stream' },
        cache: 'no-store' as const,
        credentials: 'omit' as const,
        signal,
      };
      return send(`${options.baseUrl.replace(/\/+$/, '')}${routes.merchantEvents.path}`, init);
    },
    close() {
      closed = true;
    },
    get closed() {
      return closed;
    },
  };
}
