/**
 * Prometheus metrics (prom-client), one registry per service so that several services in one
 * process (tests, the kiosk's embedded one) never share counters. Off unless the service is given
 * a metrics token; then `GET /metrics` answers only a Bearer token equal to it.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Store } from '../kernel/store/port';
import type { ObserveRequest } from './request-log';
import { webhookBacklogQuery } from './repo';

export interface Metrics {
  registry: Registry;
  observe: ObserveRequest;
  /** Whether an Authorization header carries the metrics token (constant time). */
  allows(authorization: string | undefined): boolean;
}

export interface MetricsSources {
  store: Store;
  openStreams: () => number;
  now: () => number;
  /** Per-store kiosk figures (the fleet area's), already bounded in how many stores they name. */
  fleet?: () => Promise<FleetGauge[]>;
}

export interface FleetGauge {
  store: string;
  environment: string;
  online: number;
  printersInError: number;
  oldestWorkSeconds: number;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

export function createMetrics(token: string, sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'counter_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'counter_http_request_duration_seconds',
    help: 'Time to answer an HTTP request (to the response headers for event streams)',
    labelNames: ['method', 'route'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const backlog = webhookBacklogQuery(sources.store);
  new Gauge({
    name: 'counter_webhook_backlog',
    help: 'Webhook deliveries not yet delivered or given up (pending, including retries)',
    registers: [registry],
    async collect() {
      this.set((await backlog.get())?.pending ?? 0);
    },
  });
  new Gauge({
    name: 'counter_webhook_oldest_pending_age_seconds',
    help: 'Age of the oldest pending webhook delivery (0 when none is pending)',
    registers: [registry],
    async collect() {
      const oldest = (await backlog.get())?.oldest;
      this.set(oldest == null ? 0 : Math.max(0, (sources.now() - oldest) / 1000));
    },
  });
  new Gauge({
    name: 'counter_open_event_streams',
    help: 'Open Server-Sent Event streams (terminal push and merchant change streams)',
    registers: [registry],
    collect() {
      this.set(sources.openStreams());
    },
  });
  databaseHealth(registry, sources.store);
  if (sources.fleet) fleetMetrics(registry, sources.fleet);
  const expected = digest(`Bearer ${token}`);
  return {
    registry,
    observe(method, route, status, ms) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, ms / 1000);
    },
    allows: (authorization) =>
      authorization !== undefined && timingSafeEqual(digest(authorization), expected),
  };
}

/** A failing-over database (PostgreSQL behind one address): what each instance saw of it. */
function databaseHealth(registry: Registry, store: Store): void {
  const health = store.health;
  if (!health) return;
  new Gauge({
    name: 'counter_database_primary_up',
    help: 'Whether a primary database answers (0 from a lost connection until one answers again)',
    registers: [registry],
    collect() {
      this.set(health.primary ? 1 : 0);
    },
  });
  new Gauge({
    name: 'counter_database_outages_total',
    help: 'Times no primary database answered after a connection was lost',
    registers: [registry],
    collect() {
      this.set(health.outages);
    },
  });
  new Gauge({
    name: 'counter_database_failovers_total',
    help: 'Outages after which another database server (or the same one restarted) was the primary',
    registers: [registry],
    collect() {
      this.set(health.failovers);
    },
  });
  new Gauge({
    name: 'counter_database_seconds_without_primary_total',
    help: 'Seconds without a primary database since the instance started, the current outage included',
    registers: [registry],
    collect() {
      this.set(health.secondsWithoutPrimary());
    },
  });
}

/** Per-store kiosk gauges, read once per scrape and shared by the three. */
function fleetMetrics(registry: Registry, read: () => Promise<FleetGauge[]>) {
  let scrape: Promise<FleetGauge[]> | null = null;
  const once = () => {
    scrape ??= read().finally(() => setTimeout(() => (scrape = null), 0));
    return scrape;
  };
  const gauge = (name: string, help: string, pick: (g: FleetGauge) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['store', 'environment'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const g of await once())
          this.set({ store: g.store, environment: g.environment }, pick(g));
      },
    });
  gauge(
    'counter_store_kiosks_online',
    'Kiosks with a push stream open, per store',
    (g) => g.online,
  );
  gauge(
    'counter_store_printers_in_error',
    'Kiosks whose receipt printer is offline or in error, per store',
    (g) => g.printersInError,
  );
  gauge(
    'counter_store_oldest_waiting_work_seconds',
    'Age of the oldest work kept on a kiosk of the store (0 when none)',
    (g) => g.oldestWorkSeconds,
  );
}
