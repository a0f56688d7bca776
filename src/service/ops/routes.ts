/**
 * Liveness, readiness and metrics: what a process manager, a load balancer and Prometheus ask.
 * None of them needs an access secret, and none reveals anything about merchants or payments.
 */
import { routes } from '../../shared/contract/routes';
import type { Area } from '../http/context';
import type { OpsContext } from './context';
import { ApiError } from '../kernel/errors';
import { mount } from '../http/mount';
import type { Metrics } from './metrics';

export const operationRoutes =
  (metrics: Metrics | undefined): Area<OpsContext> =>
  (app, ctx) => {
    mount(app, ctx.auth, routes.healthz, async () => ({ status: 'ok' as const }));

    mount(app, ctx.auth, routes.readyz, async () => {
      // Draining: the load balancer should stop sending here before the port closes.
      if (ctx.streams.draining()) throw new ApiError(503, 'The service is shutting down');
      let version: number;
      try {
        // Behind one address that fails over, a server may answer that is not (yet) the
        // primary: that one cannot take a payment either.
        if (ctx.store.health && !(await ctx.store.health.check())) throw new Error('no primary');
        version = await ctx.store.schemaVersion();
      } catch {
        throw new ApiError(503, 'The database cannot be reached');
      }
      if (version !== ctx.store.knownVersion)
        throw new ApiError(503, 'The database is not migrated to this version');
      return { status: 'ready' as const };
    });

    mount(app, ctx.auth, routes.metrics, async ({ c }) => {
      if (!metrics)
        throw new ApiError(404, 'Metrics are off: start the service with --metrics-token');
      if (!metrics.allows(c.req.header('authorization')))
        throw new ApiError(401, 'Metrics need the metrics token as a Bearer token');
      return c.body(await metrics.registry.metrics(), 200, {
        'content-type': metrics.registry.contentType,
      });
    });
  };
