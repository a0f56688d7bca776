/**
 * Answers the request log leaves out (ops/request-log.ts): a route marks a request whose line
 * would say nothing an operator looks for, such as a kiosk's unchanged health report (5,000
 * kiosks make 167 a second: docs/fleet.md). The metrics still count it; only its line goes.
 */
import type { Context } from 'hono';

const quiet = new WeakSet<Context>();

/** The request's log line is left out (its answer is a success; errors are always logged). */
export const leaveUnlogged = (c: Context) => void quiet.add(c);
export const isUnlogged = (c: Context) => quiet.has(c);
