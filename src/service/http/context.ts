/**
 * The context an area's routes are registered with: the kernel's, and who is calling. An area
 * registers itself as an `Area<ItsContext>`; app.ts hands every area one object that has all they
 * name, and the compiler checks it has.
 */
import type { Hono } from 'hono';
import type { KernelContext } from '../kernel/context';
import type { Authenticator } from './auth';

export interface HttpContext extends KernelContext {
  auth: Authenticator;
}

export type Area<Context extends HttpContext = HttpContext> = (app: Hono, ctx: Context) => void;
