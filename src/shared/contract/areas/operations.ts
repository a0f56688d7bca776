/** What operators and load balancers ask of a running service: liveness, readiness, metrics. */
import * as operations from '../operations';
import { route, type RouteDef } from '../route-def';

export const operationsContract = {
  healthz: route({
    method: 'get',
    path: '/healthz',
    tag: 'Operations',
    auth: 'public',
    extension: true,
    summary: 'Liveness: the process answers',
    description: 'Unauthenticated and revealing nothing; for a process manager or load balancer.',
    status: 200,
    response: operations.Health,
    errors: [],
  }),
  readyz: route({
    method: 'get',
    path: '/readyz',
    tag: 'Operations',
    auth: 'public',
    extension: true,
    summary: 'Readiness: the database answers and is migrated, and the process is not draining',
    description:
      'A load balancer sends traffic only while this answers 200; 503 (in the error envelope) while the database cannot be reached or the process is shutting down.',
    status: 200,
    response: operations.Readiness,
    errors: [503],
  }),
  metrics: route({
    method: 'get',
    path: '/metrics',
    tag: 'Operations',
    auth: 'public',
    // A wrong metrics token counts as a failed attempt, like a wrong secret.
    guessable: true,
    extension: true,
    summary: 'Prometheus metrics (Bearer: the metrics token the service was started with)',
    description:
      'Off (404) unless the service was started with --metrics-token or SERVICE_METRICS_TOKEN; then a Bearer token equal to it is required (401 otherwise). Requests by route and status, latency histograms, webhook backlog and the age of its oldest event, open event streams.',
    status: 200,
    response: null,
    contentType: 'text/plain; version=0.0.4',
    errors: [401, 404],
  }),
} as const satisfies Record<string, RouteDef>;
