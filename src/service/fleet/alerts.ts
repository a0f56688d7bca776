/**
 * The fleet's alerts: which a kiosk is due (offline longer than the merchant allows, printer not
 * ready, work waiting over ten minutes, a version older than this service supports), and the
 * sweep that raises each once and clears it once. The sweep runs with the scheduler's other due
 * work, under its `store.exclusive('sweep')` claim, so with several instances on one database
 * one at a time looks; the alert's row (raised only if not raised, cleared only if raised, in
 * the transaction that writes its event and e-mail) makes each send happen once even so.
 */
import type { AlertKind, TerminalHealthEventData } from '../../shared/contract/fleet';
import { iso } from '../kernel/clock';
import type { Environment } from '../kernel/caller';
import type { FleetContext } from './context';
import { alertStatements, settingsStatements, sweepStatements, type SweepRow } from './repo';

/** Work kept on a kiosk longer than this is an alert. */
export const WORK_WAITING_MS = 10 * 60_000;
/** A kiosk away longer than this is an alert unless the merchant sets otherwise. */
export const DEFAULT_OFFLINE_ALERT_MS = 2 * 60_000;
/** The oldest kiosk version this service supports (COUNTER_MIN_KIOSK_VERSION overrides). */
export const MINIMUM_KIOSK_VERSION = process.env.COUNTER_MIN_KIOSK_VERSION ?? '0.1.0';
/** How often the sweep looks at the fleet (real time); the scheduler ticks much more often. */
export const FLEET_SWEEP_MS = Number(process.env.COUNTER_FLEET_SWEEP_MS ?? 1_000);
/**
 * How often the sweep reads every kiosk again; in between it reads only the kiosks whose alert
 * fields changed. What it learns only from a full read: a kiosk renamed or unpaired, another
 * instance's stream lease (a kiosk coming back there) and alerts another instance sent.
 */
export const FLEET_FULL_SWEEP_MS = Number(process.env.COUNTER_FLEET_FULL_SWEEP_MS ?? 10_000);
/** How far back a partial read looks before its last one: commits late and clocks apart. */
const NOTED_MARGIN_MS = 5_000;
const NONE: ReadonlySet<string> = new Set();

/** -1, 0 or 1 as version `a` is older than, the same as or newer than `b` (x.y.z). */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split(/[-+]/)[0]!.split('.').map(Number);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** Each version seen, whether it is older than the minimum (the sweep asks for every kiosk). */
const tooOldByVersion = new Map<string, boolean>();
function tooOld(version: string): boolean {
  let old = tooOldByVersion.get(version);
  if (old === undefined) {
    old = compareVersions(version, MINIMUM_KIOSK_VERSION) < 0;
    if (tooOldByVersion.size < 1_000) tooOldByVersion.set(version, old);
  }
  return old;
}

export interface AlertInputs {
  online: boolean;
  offlineSince: number | null;
  printerState: string;
  workOldestAt: number | null;
  appVersion: string;
  now: number;
  offlineAlertMs: number;
}

/** The alerts a kiosk is due now, each with the message a person reads. */
export function alertsDue(k: AlertInputs): Map<AlertKind, string> {
  const due = new Map<AlertKind, string>();
  if (!k.online && k.offlineSince !== null && k.now - k.offlineSince >= k.offlineAlertMs)
    due.set('OFFLINE', `offline since ${iso(k.offlineSince)}`);
  if (k.printerState === 'OFFLINE' || k.printerState === 'ERROR')
    due.set('PRINTER', `receipt printer ${k.printerState === 'OFFLINE' ? 'offline' : 'in error'}`);
  if (k.workOldestAt !== null && k.now - k.workOldestAt >= WORK_WAITING_MS)
    due.set('WORK_WAITING', `offline work waiting since ${iso(k.workOldestAt)}`);
  if (tooOld(k.appVersion))
    due.set('OLD_VERSION', `version ${k.appVersion} is older than ${MINIMUM_KIOSK_VERSION}`);
  return due;
}

const TITLES: Record<AlertKind, string> = {
  OFFLINE: 'is offline',
  PRINTER: 'has a receipt printer problem',
  WORK_WAITING: 'has work waiting',
  OLD_VERSION: 'runs an old version',
};

export function createAlertSweep(ctx: FleetContext) {
  const { store, clock, presence } = ctx;
  const { reported, notedSince } = sweepStatements(store);
  const alerts = alertStatements(store);
  const settings = settingsStatements(store);
  let lastRun = 0;
  /** Every reported kiosk as last read, its open alerts, and when it was read. */
  let kiosks = new Map<string, SweepRow>();
  let active = new Map<string, Set<string>>();
  let fullAt = -Infinity;
  let notedAt = 0;

  /** Writes the change, its TERMINAL_HEALTH event and its e-mail together, if it is new. */
  async function send(row: SweepRow, kind: AlertKind, message: string, raised: boolean) {
    const now = clock.now(row.environment, row.merchant_id);
    await ctx.outbox.tx(async () => {
      const done = raised
        ? await alerts.raise.run({
            t: row.id,
            k: kind,
            m: row.merchant_id,
            e: row.environment,
            message,
            at: now,
          })
        : await alerts.clear.run(now, row.id, kind);
      // Sent, or another sweep got there first: either way it now stands as asked.
      const open = active.get(row.id) ?? new Set();
      if (raised) active.set(row.id, open.add(kind));
      else open.delete(kind);
      if (done.changes !== 1) return;
      const data: TerminalHealthEventData = {
        terminalId: row.id,
        terminalName: row.name,
        storeId: row.store_id,
        alert: kind,
        status: raised ? 'RAISED' : 'RECOVERED',
        message,
      };
      await ctx.outbox.emit({
        merchantId: row.merchant_id,
        environment: row.environment,
        type: 'TERMINAL_HEALTH',
        data,
      });
      await mail(row, kind, message, raised);
    });
  }

  async function mail(row: SweepRow, kind: AlertKind, message: string, raised: boolean) {
    const set = await settings.get.get(row.merchant_id, row.environment);
    const profile = await ctx.profiles.get(row.merchant_id, row.environment);
    const to = set?.alert_email ?? profile?.supportEmail ?? null;
    if (!to) return;
    const subject = raised
      ? `Kiosk ${row.name} ${TITLES[kind]}`
      : `Kiosk ${row.name} is back to normal (${kind.toLowerCase().replace('_', ' ')})`;
    await ctx.messages.add({
      merchantId: row.merchant_id,
      environment: row.environment,
      channel: 'EMAIL',
      to,
      subject,
      body: `${subject}: ${message}. See the dashboard's Devices page.`,
    });
  }

  async function offlineAlertMs(): Promise<Map<string, number>> {
    const map = new Map<string, number>();
    for (const s of await settings.all.all())
      if (s.offline_alert_ms !== null)
        map.set(`${s.merchant_id} ${s.environment}`, s.offline_alert_ms);
    return map;
  }

  /** Every kiosk and open alert now and then; otherwise only the kiosks noted since last time. */
  async function read(): Promise<void> {
    const started = Date.now();
    if (started - fullAt >= FLEET_FULL_SWEEP_MS) {
      kiosks = new Map((await reported.all()).map((row) => [row.id, row]));
      active = new Map();
      for (const a of await alerts.allActive.all())
        active.set(a.terminal_id, (active.get(a.terminal_id) ?? new Set()).add(a.kind));
      fullAt = started;
    } else
      for (const row of await notedSince.all(notedAt - NOTED_MARGIN_MS)) kiosks.set(row.id, row);
    notedAt = started;
  }

  /** The kiosk's row read again, so an offline alert goes by its latest sighting. */
  async function fresh(row: SweepRow): Promise<SweepRow> {
    const terminal = await ctx.terminals.get(row.id);
    if (!terminal) return row;
    const now = {
      ...row,
      last_seen_at: terminal.last_seen_at,
      streaming_until: terminal.streaming_until,
    };
    kiosks.set(row.id, now);
    return now;
  }

  function due(row: SweepRow, limits: Map<string, number>) {
    const online = presence.online(row);
    return alertsDue({
      online,
      offlineSince: online ? null : (row.last_seen_at ?? row.received_at),
      printerState: row.printer_state,
      workOldestAt: row.work_oldest_at,
      appVersion: row.app_version,
      now: clock.now(row.environment as Environment, row.merchant_id),
      offlineAlertMs:
        limits.get(`${row.merchant_id} ${row.environment}`) ?? DEFAULT_OFFLINE_ALERT_MS,
    });
  }

  /** Whether the kiosk's alerts differ from those due (most kiosks, most sweeps: not). */
  function differs(raised: ReadonlySet<string>, now: Map<AlertKind, string>): boolean {
    if (raised.size !== now.size) return true;
    for (const kind of now.keys()) if (!raised.has(kind)) return true;
    return false;
  }

  async function look(row: SweepRow, now: Map<AlertKind, string>, limits: Map<string, number>) {
    const raised = active.get(row.id) ?? new Set();
    if (now.has('OFFLINE') && !raised.has('OFFLINE')) now = due(await fresh(row), limits);
    for (const [kind, message] of now) if (!raised.has(kind)) await send(row, kind, message, true);
    for (const kind of [...raised])
      if (!now.has(kind as AlertKind)) await send(row, kind as AlertKind, 'recovered', false);
  }

  /** Raises and clears what changed; runs at most every FLEET_SWEEP_MS. */
  return async function sweep(): Promise<void> {
    if (Date.now() - lastRun < FLEET_SWEEP_MS) return;
    lastRun = Date.now();
    await read();
    if (kiosks.size === 0) return;
    const limits = await offlineAlertMs();
    for (const row of kiosks.values()) {
      const now = due(row, limits);
      if (differs(active.get(row.id) ?? NONE, now)) await look(row, now, limits);
    }
  };
}
