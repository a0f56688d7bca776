/**
 * GET /api/terminal/events: the terminal's push stream (Server-Sent Events). Every event carries
 * its outbox sequence number as `id:`, so a reconnect with Last-Event-ID replays exactly what was
 * missed. Heartbeats every `heartbeatMs` let both ends notice a dead connection; `online` and
 * `lastSeenAt` follow the stream.
 */
import { streamSSE } from 'hono/streaming';
import { sayReconnect } from '../ops';
import { routes } from '../../shared/contract/routes';
import type { Area } from '../http/context';
import type { TerminalsContext } from './context';
import type { StoredEvent } from '../kernel/events/outbox';
import { mount } from '../http/mount';
import { TERMINAL_EVENT_TYPES, type TerminalEventType } from '../../shared/contract/terminals';
import { eventStatements } from './repo/events';

export const HEARTBEAT_MS = Number(process.env.COUNTER_HEARTBEAT_MS ?? 15_000);

export const terminalStreamRoutes: Area<TerminalsContext> = (app, ctx) => {
  const { store, clock, presence, outbox } = ctx;
  const { missed, lastSeq, seen, touch, feed } = eventStatements(store);
  // The lease that tells other instances sharing the database that this one holds the
  // terminal's stream (terminals/model.ts, createPresence): real time, two heartbeats long.
  const lease = () => Date.now() + 2 * HEARTBEAT_MS;

  // The same events as the stream, for a kiosk that polls; a poll counts as being seen.
  mount(app, ctx.auth, routes.pollTerminalEvents, async ({ caller, query }) => {
    const after = query.after === undefined ? 0 : Number(query.after);
    await touch.run(clock.now(caller.environment, caller.merchantId), caller.terminalId);
    const rows = await feed.all(caller.terminalId, after, query.limit);
    return {
      events: rows.map((row) => ({
        id: String(row.seq),
        type: row.type as TerminalEventType,
        body: JSON.parse(row.body) as Record<string, unknown>,
      })),
      lastEventId: rows.length > 0 ? String(rows.at(-1)!.seq) : (query.after ?? null),
    };
  });

  mount(app, ctx.auth, routes.terminalEvents, async ({ caller, c }) => {
    const terminalId = caller.terminalId;
    const header = c.req.header('last-event-id') ?? c.req.query('lastEventId');
    // No Last-Event-ID: a new stream starts from now, not from the terminal's whole history.
    let cursor =
      header && /^\d+$/.test(header) ? Number(header) : ((await lastSeq.get())?.seq ?? 0);
    await seen.run(clock.now(caller.environment, caller.merchantId), lease(), terminalId);

    return streamSSE(c, async (stream) => {
      const queue: StoredEvent[] = [];
      let wake: (() => void) | null = null;
      let open = true;
      const stop = () => {
        open = false;
        wake?.();
      };
      const unsubscribe = outbox.subscribe((event) => {
        if (event.terminalId !== terminalId) return;
        if (!TERMINAL_EVENT_TYPES.includes(event.type as TerminalEventType)) return;
        queue.push(event);
        wake?.();
      });
      const detach = presence.attach(terminalId, () => {
        stop();
        void stream.close();
      });
      // A shutting-down service tells the terminal when to reconnect (to another instance).
      let reconnectMs: number | null = null;
      const unregister = ctx.streams.open({
        drain(retryMs) {
          reconnectMs = retryMs;
          stop();
        },
      });
      stream.onAbort(stop);
      // Last seen is a hint for the dashboard: a heartbeat that cannot record it still beats.
      const markSeen = (until: number | null) =>
        seen
          .run(clock.now(caller.environment, caller.merchantId), until, terminalId)
          .catch(() => {});
      const heartbeat = setInterval(() => {
        void markSeen(lease());
        void stream.writeSSE({
          event: 'heartbeat',
          data: JSON.stringify({ at: new Date().toISOString() }),
        });
      }, HEARTBEAT_MS);

      try {
        await stream.writeSSE({
          event: 'ready',
          data: JSON.stringify({ terminalId, heartbeatMs: HEARTBEAT_MS }),
        });
        for (const row of await missed.all(terminalId, cursor)) {
          await stream.writeSSE({ id: String(row.seq), event: row.type, data: row.body });
          cursor = row.seq;
        }
        while (open) {
          const event = queue.shift();
          if (!event) {
            await new Promise<void>((resolve) => (wake = resolve));
            wake = null;
            continue;
          }
          if (event.seq <= cursor) continue; // already sent by the replay
          await stream.writeSSE({ id: String(event.seq), event: event.type, data: event.body });
          cursor = event.seq;
        }
        if (reconnectMs !== null) await sayReconnect(stream, reconnectMs);
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
        unregister();
        detach();
        // The service may be closing. Another stream of the terminal (here, or on another
        // instance) renews the lease at its next heartbeat.
        await markSeen(presence.here(terminalId) ? lease() : null);
      }
    });
  });
};
