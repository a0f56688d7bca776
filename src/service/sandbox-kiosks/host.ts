/**
 * Plays the simulated kiosks: the instance that holds a kiosk's stream (its lease on the
 * terminal's row, taken by compare-and-set, renewed every heartbeat, as a real stream's is:
 * terminals/model.ts) keeps it attached to this instance's presence, sends its report every 30 s,
 * takes its TERMINAL_SETTINGS pushes and answers its TERMINAL_ACTION requests. Every second it
 * looks at every simulated kiosk: one whose lease has run out (its instance stopped) is taken over
 * here, as a real kiosk reconnects to another instance; one whose stream was closed (PATCH
 * online: false, on any instance) is let go; one unpaired or reset is forgotten.
 */
import type {
  EffectiveKioskSettings,
  TerminalActionKind,
} from '../../shared/contract/kiosk-settings';
import type { StoredEvent } from '../kernel/events/outbox';
import { createReportKeeper } from '../fleet';
import { createKioskSide } from '../kiosk-config';
import { createSimulatedTerminals } from '../terminals';
import type { SandboxKiosksContext } from './context';
import { REPORT_EVERY_MS, answerOf, reportOf, stateOf } from './kiosk';
import { kioskStatements, type KioskRow } from './repo';

/** How often the host looks at every simulated kiosk (real time). */
const LOOK_MS = 1_000;

interface Hosted {
  merchantId: string;
  leaseAt: number;
  reportAt: number;
  detach: () => void;
}

export function createKioskHost(ctx: SandboxKiosksContext) {
  const { store, clock, presence } = ctx;
  const sql = kioskStatements(store);
  const terminals = createSimulatedTerminals(store, clock);
  const keeper = createReportKeeper(store);
  const side = createKioskSide(store, clock);
  const hosted = new Map<string, Hosted>();

  /** Its report through the one keeper of every kiosk's reports, now. */
  async function report(row: KioskRow): Promise<void> {
    const now = clock.now('sandbox', row.merchant_id);
    const terminal = {
      id: row.terminal_id,
      merchantId: row.merchant_id,
      environment: 'sandbox' as const,
    };
    await keeper.keep(terminal, reportOf(row, now), now);
    const h = hosted.get(row.terminal_id);
    if (h) h.reportAt = Date.now();
  }

  async function takeSettings(terminalId: string, settings: EffectiveKioskSettings) {
    await sql.setSettings.run(JSON.stringify(settings), terminalId);
  }

  async function act(terminalId: string, actionId: string, action: TerminalActionKind) {
    const row = await sql.one.get(terminalId);
    if (!row) return;
    const answer = answerOf(action, stateOf(row));
    const terminal = {
      id: terminalId,
      merchantId: row.merchant_id,
      environment: 'sandbox' as const,
    };
    await store.tx(async () => {
      if (!(await side.answer(terminal, actionId, answer.status, answer.message))) return;
      if (answer.lock) await sql.lock.run(terminalId);
    });
  }

  /** Its stream opens here: as a real kiosk on connecting, it reads its settings and does what waits. */
  async function attach(row: KioskRow): Promise<void> {
    const id = row.terminal_id;
    if (!(await terminals.claim(id, row.merchant_id, store.soleWriter))) return;
    if (hosted.has(id)) return; // attached meanwhile (a look and a request at once)
    const detach = presence.attach(id, () => void hosted.delete(id));
    hosted.set(id, { merchantId: row.merchant_id, leaseAt: Date.now(), reportAt: 0, detach });
    await takeSettings(id, await side.effective({ ...row, id, environment: 'sandbox' }));
    for (const action of await side.pending(id)) await act(id, action.id, action.action);
  }

  /** Its stream closes here (it stays closed: the lease is given up, last seen now). */
  async function release(terminalId: string, merchantId: string): Promise<void> {
    const h = hosted.get(terminalId);
    hosted.delete(terminalId);
    h?.detach();
    await terminals.seen(terminalId, merchantId, false);
  }

  /** Brings one kiosk here in line with its state: attached when online (if nobody holds it), else let go. */
  async function sync(row: KioskRow): Promise<void> {
    const h = hosted.get(row.terminal_id);
    if (!stateOf(row).online) {
      if (h || (row.streaming_until ?? 0) > 0) await release(row.terminal_id, row.merchant_id);
      return;
    }
    if (!h) {
      if (store.soleWriter || (row.streaming_until ?? 0) < Date.now()) await attach(row);
      return;
    }
    if (Date.now() - h.leaseAt >= terminals.heartbeatMs) {
      h.leaseAt = Date.now();
      await terminals.seen(row.terminal_id, row.merchant_id, true);
    }
    if (Date.now() - h.reportAt >= REPORT_EVERY_MS) await report(row);
  }

  async function look(): Promise<void> {
    const rows = await sql.all.all();
    const paired = new Set(rows.map((r) => r.terminal_id));
    for (const [id, h] of [...hosted])
      if (!paired.has(id)) {
        hosted.delete(id);
        h.detach();
      }
    for (const row of rows) await sync(row);
  }

  function heard(event: StoredEvent): void {
    const id = event.terminalId;
    if (!id || !hosted.has(id)) return;
    const { data } = JSON.parse(event.body) as { data: Record<string, unknown> };
    // A kiosk that cannot take a push now takes its settings and actions when it next connects.
    if (event.type === 'TERMINAL_SETTINGS')
      void takeSettings(id, data as EffectiveKioskSettings).catch(() => {});
    else if (event.type === 'TERMINAL_ACTION')
      void act(id, data.actionId as string, data.action as TerminalActionKind).catch(() => {});
  }

  ctx.outbox.subscribe(heard);
  let looking = false;
  const timer = setInterval(() => {
    if (!store.open) return clearInterval(timer);
    if (looking) return;
    looking = true;
    // The database away: the next look tries again.
    look()
      .catch(() => {})
      .finally(() => (looking = false));
  }, LOOK_MS);
  timer.unref();

  return { report, sync, release, hosted: (id: string) => hosted.has(id) };
}
export type KioskHost = ReturnType<typeof createKioskHost>;
