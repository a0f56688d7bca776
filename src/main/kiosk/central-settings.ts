/**
 * What the merchant sets for this kiosk from the dashboard (docs/fleet.md): its settings in force
 * (read with its own secret when it connects, and pushed as TERMINAL_SETTINGS on every change) and
 * the remote actions it is asked to do (TERMINAL_ACTION), each answered to the service with how
 * it went, so the dashboard shows DONE or FAILED with the kiosk's words.
 */
import type { ApiClient } from '../../client/http-client';
import {
  overKeypadLimit,
  type EffectiveKioskSettings,
  type TerminalActionKind,
  type TerminalActionPush,
} from '../../shared/contract/kiosk-settings';
import type { TerminalStaffPush } from '../../shared/contract/staff';
import type { Credentials } from './credentials';
import { KioskError } from './kiosk-error';
import type { StaffPin } from './staff-pin';
import type { StaffSession } from './staff-session';
import type { TerminalProfile } from './terminal-profile';

export interface CentralSettingsOptions<Printer> {
  /** The current pairing's client and credentials; null while unpaired. */
  current(): { client: ApiClient; credentials: Credentials } | null;
  /** The settings in force changed: the windows are told. */
  onChange(): void;
  /** The receipt printer named in Settings, for a test page. */
  printer: { settings(): Printer | null; testPage(printer: Printer): Promise<void> };
  /** Who is signed in at the console, for SIGN_OUT_STAFF and LOCK_CONSOLE. */
  staff: Pick<StaffSession, 'current' | 'signOut' | 'lock'>;
  log(line: string): void;
  /** The kiosk's staff, where the store's staff the merchant sets are merged. */
  roster?: Pick<StaffPin, 'merge'>;
}

export function createCentralSettings<Printer>(options: CentralSettingsOptions<Printer>) {
  let effective: EffectiveKioskSettings | null = null;
  /** The customer display windows that reload when asked (Electron's, browser mode's pages). */
  const reloaders = new Set<() => void>();
  const actions: Record<TerminalActionKind, () => Promise<string>> = {
    async PRINT_TEST_PAGE() {
      const printer = options.printer.settings();
      if (!printer) throw new Error('No receipt printer is named in Settings');
      await options.printer.testPage(printer);
      return 'Printed a test page';
    },
    async RELOAD_DISPLAY() {
      if (reloaders.size === 0) throw new Error('No customer display is attached');
      for (const reload of reloaders) reload();
      return `Reloaded ${reloaders.size === 1 ? 'the customer display' : `${reloaders.size} displays`}`;
    },
    async SIGN_OUT_STAFF() {
      const who = options.staff.current();
      options.staff.signOut();
      options.onChange();
      return who ? `Signed out ${who.name}` : 'Nobody was signed in';
    },
    async LOCK_CONSOLE() {
      const who = options.staff.current();
      options.staff.lock();
      options.onChange();
      return `Locked the console${who ? ` and signed out ${who.name}` : ''}`;
    },
  };

  function apply(next: EffectiveKioskSettings) {
    if (JSON.stringify(next) === JSON.stringify(effective)) return;
    effective = next;
    options.onChange();
  }

  /** The store's staff as pushed (or read): only this kiosk's, merged into its own staff. */
  async function applyStaff(push: TerminalStaffPush) {
    if (!options.roster || options.current()?.credentials.terminalId !== push.terminalId) return;
    await options.roster.merge(push.staff);
    options.onChange();
  }

  /** Reads the settings in force now (on connecting: changes made while away are not replayed). */
  async function refresh() {
    const current = options.current();
    const id = current?.credentials.terminalId;
    if (!current || current.credentials.kind !== 'terminal' || !id) return;
    try {
      const next = await current.client.call('getEffectiveKioskSettings', { params: { id } });
      if (options.current()?.client === current.client) apply(next);
      if (!options.roster) return;
      const staff = await current.client.call('getTerminalStaff', {});
      if (options.current()?.client === current.client) await applyStaff(staff);
    } catch (error) {
      options.log(`kiosk settings: ${(error as Error).message}`);
    }
  }

  async function act(push: TerminalActionPush) {
    const current = options.current();
    if (!current || current.credentials.terminalId !== push.terminalId) return;
    let status: 'DONE' | 'FAILED' = 'DONE';
    let message: string;
    try {
      message = await actions[push.action]();
    } catch (error) {
      status = 'FAILED';
      message = (error as Error).message;
    }
    try {
      await current.client.call('acknowledgeTerminalAction', {
        params: { id: push.terminalId, actionId: push.actionId },
        body: { status, message: message.slice(0, 200) },
      });
    } catch (error) {
      // Answered already (a replayed event) or the service away: the action itself was done.
      options.log(`remote action ${push.actionId}: ${(error as Error).message}`);
    }
  }

  return {
    refresh,
    apply,
    applyStaff,
    act,
    /** The settings in force as last heard; null until then (or unpaired). */
    settings: () => effective,
    forget() {
      effective = null;
    },
    /** A display window that reloads on RELOAD_DISPLAY; call the answer when it goes. */
    onReload(reload: () => void) {
      reloaders.add(reload);
      return () => void reloaders.delete(reload);
    },
  };
}
export type CentralSettings = ReturnType<typeof createCentralSettings>;

/**
 * The keypad's largest amount as the merchant sets it (`keypadMaxPence`): the kiosk has no limit
 * of its own, so it holds whether locked or not. A payment started at the counter above it is
 * refused, naming `field`, before the service is asked. Only a level's own value counts: the
 * default (£1,000) is below the terminal's own default limit, and a kiosk nobody configured
 * takes what it always took.
 */
export function withinKeypadLimit(central: CentralSettings, pence: number, field: string) {
  const effective = central.settings();
  if (!effective || effective.from.keypadMaxPence === 'default') return;
  const max = effective.settings.keypadMaxPence;
  if (pence > max) throw new KioskError(overKeypadLimit(pence, max), field);
}

/** The terminal's record and its settings in force are read again together (on connecting). */
export function withCentral(profile: TerminalProfile, central: CentralSettings) {
  return {
    ...profile,
    central: central.settings,
    /** The merchant's keypad limit first, then the terminal's largest payment. */
    async withinLimit(pence: number, field: string) {
      withinKeypadLimit(central, pence, field);
      await profile.withinLimit(pence, field);
    },
    refresh: async () => {
      await Promise.all([profile.refresh(), central.refresh()]);
    },
    forget() {
      profile.forget();
      central.forget();
    },
  };
}
