/**
 * The fleet's SQL: the latest health report per terminal and its ring of recent reports, the
 * merchant's alert settings and the alerts' states (migration 0034). It reads terminals' rows
 * (the terminals area's table) and writes only its own.
 */
import type { Environment } from '../kernel/caller';
import type { Store } from '../kernel/store/port';

/** How many reports a terminal's history keeps: the oldest slot is reused. */
export const HISTORY_SLOTS = 20;

export interface HealthRow {
  terminal_id: string;
  merchant_id: string;
  environment: Environment;
  report: string;
  received_at: number;
  changed_at: number;
  reports: number;
  /** History entries written so far: the next goes to slot `entries % HISTORY_SLOTS`. */
  entries: number;
  app_version: string;
  printer_state: string;
  work_oldest_at: number | null;
}

export interface AlertRow {
  terminal_id: string;
  kind: string;
  message: string;
  raised_at: number;
  cleared_at: number | null;
}

export interface SettingsRow {
  offline_alert_ms: number | null;
  alert_email: string | null;
}

/** A terminal with its latest report (if any), as the sweep and the metrics read it. */
export interface SweepRow {
  id: string;
  merchant_id: string;
  environment: Environment;
  store_id: string;
  name: string;
  last_seen_at: number | null;
  streaming_until: number | null;
  received_at: number;
  app_version: string;
  printer_state: string;
  work_oldest_at: number | null;
}

export function healthStatements(store: Store) {
  return {
    latest: store.prepare<[string], HealthRow>(
      'SELECT * FROM terminal_health WHERE terminal_id = ?',
    ),
    ofMerchant: store.prepare<[string, string], HealthRow>(
      'SELECT * FROM terminal_health WHERE merchant_id = ? AND environment = ?',
    ),
    /**
     * Keeps the report; `changed_at` moves only when it says something new, `noted_at` (wall
     * clock, what the alert sweep reads by) when a field an alert reads differs from the row's.
     * A report older than the row's (a batched one overtaken by a newer) changes nothing.
     */
    put: store.prepare<
      [
        {
          t: string;
          m: string;
          e: string;
          report: string;
          at: number;
          changed: number;
          entry: number;
          count: number;
          version: string;
          printer: string;
          oldest: number | null;
          wall: number;
        },
      ]
    >(
      `INSERT INTO terminal_health
         (terminal_id, merchant_id, environment, report, received_at, changed_at, reports,
          entries, app_version, printer_state, work_oldest_at, noted_at)
       VALUES (@t, @m, @e, @report, @at, @at, @count, @entry, @version, @printer, @oldest, @wall)
       ON CONFLICT (terminal_id) DO UPDATE SET
         report = excluded.report, received_at = excluded.received_at,
         changed_at = CASE WHEN @changed = 1 THEN excluded.received_at
                      ELSE terminal_health.changed_at END,
         reports = terminal_health.reports + @count,
         entries = terminal_health.entries + @entry, app_version = excluded.app_version,
         printer_state = excluded.printer_state, work_oldest_at = excluded.work_oldest_at,
         noted_at = CASE WHEN terminal_health.app_version <> excluded.app_version
                          OR terminal_health.printer_state <> excluded.printer_state
                          OR coalesce(terminal_health.work_oldest_at, -1)
                             <> coalesce(excluded.work_oldest_at, -1)
                    THEN excluded.noted_at ELSE terminal_health.noted_at END
       WHERE terminal_health.received_at <= excluded.received_at`,
    ),
    putHistory: store.prepare<[string, number, string, number]>(
      `INSERT INTO terminal_health_history (terminal_id, slot, report, received_at)
       VALUES (?, ?, ?, ?)
       ON CONFLICT (terminal_id, slot) DO UPDATE SET
         report = excluded.report, received_at = excluded.received_at`,
    ),
    history: store.prepare<[string], { report: string; received_at: number }>(
      `SELECT report, received_at FROM terminal_health_history WHERE terminal_id = ?
       ORDER BY received_at DESC, slot DESC`,
    ),
  };
}

export function settingsStatements(store: Store) {
  return {
    get: store.prepare<[string, string], SettingsRow>(
      'SELECT offline_alert_ms, alert_email FROM fleet_settings WHERE merchant_id = ? AND environment = ?',
    ),
    put: store.prepare<[string, string, number | null, string | null]>(
      `INSERT INTO fleet_settings (merchant_id, environment, offline_alert_ms, alert_email)
       VALUES (?, ?, ?, ?)
       ON CONFLICT (merchant_id, environment) DO UPDATE SET
         offline_alert_ms = excluded.offline_alert_ms, alert_email = excluded.alert_email`,
    ),
    all: store.prepare<[], SettingsRow & { merchant_id: string; environment: string }>(
      'SELECT * FROM fleet_settings',
    ),
  };
}

export function alertStatements(store: Store) {
  return {
    active: store.prepare<[string, string], AlertRow>(
      `SELECT terminal_id, kind, message, raised_at, cleared_at FROM fleet_alerts
       WHERE merchant_id = ? AND environment = ? AND cleared_at IS NULL`,
    ),
    allActive: store.prepare<[], AlertRow>(
      `SELECT terminal_id, kind, message, raised_at, cleared_at FROM fleet_alerts
       WHERE cleared_at IS NULL`,
    ),
    /** Raises the alert unless it is already raised: `changes` 1 means this call raised it. */
    raise: store.prepare<
      [{ t: string; k: string; m: string; e: string; message: string; at: number }]
    >(
      `INSERT INTO fleet_alerts
         (terminal_id, kind, merchant_id, environment, message, raised_at, cleared_at)
       VALUES (@t, @k, @m, @e, @message, @at, NULL)
       ON CONFLICT (terminal_id, kind) DO UPDATE SET
         message = excluded.message, raised_at = excluded.raised_at, cleared_at = NULL
       WHERE fleet_alerts.cleared_at IS NOT NULL`,
    ),
    /** Clears a raised alert: `changes` 1 means this call cleared it. */
    clear: store.prepare<[number, string, string]>(
      `UPDATE fleet_alerts SET cleared_at = ?
       WHERE terminal_id = ? AND kind = ? AND cleared_at IS NULL`,
    ),
  };
}

const SWEEP_COLUMNS = `t.id, t.merchant_id, t.environment, t.store_id, t.name, t.last_seen_at,
       t.streaming_until, h.received_at, h.app_version, h.printer_state, h.work_oldest_at`;

/** Every paired terminal that has reported at least once, with its latest report. */
export function sweepStatements(store: Store) {
  return {
    reported: store.prepare<[], SweepRow>(
      `SELECT ${SWEEP_COLUMNS}
         FROM terminal_health h JOIN terminals t ON t.id = h.terminal_id
        WHERE t.deleted_at IS NULL`,
    ),
    /** Those whose alert fields changed at or after a wall-clock time (an index read). */
    notedSince: store.prepare<[number], SweepRow>(
      `SELECT ${SWEEP_COLUMNS}
         FROM terminal_health h JOIN terminals t ON t.id = h.terminal_id
        WHERE h.noted_at >= ? AND t.deleted_at IS NULL`,
    ),
  };
}

/** Every paired terminal with the fields of its latest report the metrics need. */
export function gaugeStatements(store: Store) {
  return {
    fleet: store.prepare<
      [],
      {
        id: string;
        store_id: string;
        environment: string;
        streaming_until: number | null;
        printer_state: string | null;
        work_oldest_at: number | null;
      }
    >(
      `SELECT t.id, t.store_id, t.environment, t.streaming_until, h.printer_state, h.work_oldest_at
         FROM terminals t LEFT JOIN terminal_health h ON h.terminal_id = t.id
        WHERE t.deleted_at IS NULL`,
    ),
  };
}
