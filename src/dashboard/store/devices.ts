/**
 * Devices: every kiosk with its health at a glance (those needing attention first, as the service
 * sorts them), one kiosk's page with its recent reports, and the merchant's alert settings. Each
 * read carries a ticket, so an older answer still in flight cannot replace a newer one.
 */
import { createStore } from 'zustand/vanilla';
import type { DeviceList, TerminalHealth } from '../../shared/contract/fleet';
import type { Store } from '../../shared/contract/terminals';
import { failureMessage, fieldErrors, isStale, type Call } from '../lib/api';

export interface DevicesState {
  list: DeviceList | null;
  stores: Store[];
  error: string;
  /** The kiosk whose page is open, and what was read of it. */
  openId: string | null;
  detail: TerminalHealth | null;
  detailError: string;
  settingsError: string;
  settingsSaved: boolean;
  refresh(): Promise<void>;
  open(id: string | null): Promise<void>;
  /** Saves the offline time from what was typed (seconds); true when saved. */
  saveOfflineSeconds(text: string): Promise<boolean>;
}

export function createDevicesStore(call: Call) {
  let ticket = 0;
  let detailTicket = 0;
  return createStore<DevicesState>()((set, get) => {
    async function readDetail() {
      const id = get().openId;
      if (!id) return;
      const mine = ++detailTicket;
      try {
        const detail = await call('getTerminalHealth', { params: { id } });
        if (mine === detailTicket && get().openId === id) set({ detail, detailError: '' });
      } catch (error) {
        if (!isStale(error) && mine === detailTicket)
          set({ detailError: `Could not load this kiosk: ${failureMessage(error)}` });
      }
    }

    return {
      list: null,
      stores: [],
      error: '',
      openId: null,
      detail: null,
      detailError: '',
      settingsError: '',
      settingsSaved: false,

      async refresh() {
        const mine = ++ticket;
        try {
          const [list, stores] = await Promise.all([call('listDevices'), call('listStores')]);
          if (mine === ticket) set({ list, stores, error: '' });
        } catch (error) {
          if (!isStale(error) && mine === ticket)
            set({ error: `Could not load devices: ${failureMessage(error)}` });
        }
        await readDetail();
      },

      async open(id) {
        if (get().openId === id) return;
        set({ openId: id, detail: null, detailError: '' });
        await readDetail();
      },

      async saveOfflineSeconds(text) {
        const seconds = Number(text.trim());
        if (!/^\d+$/.test(text.trim()) || seconds < 1 || seconds > 86_400) {
          set({ settingsError: 'Enter a whole number of seconds from 1 to 86400.' });
          return false;
        }
        try {
          const settings = await call('updateFleetSettings', {
            body: { offlineAlertSeconds: seconds },
          });
          const list = get().list;
          set({
            settingsError: '',
            settingsSaved: true,
            ...(list ? { list: { ...list, settings } } : {}),
          });
          return true;
        } catch (error) {
          if (isStale(error)) return false;
          const fields = fieldErrors(error);
          set({
            settingsError: fields.offlineAlertSeconds
              ? `Offline time ${fields.offlineAlertSeconds}.`
              : failureMessage(error),
            settingsSaved: false,
          });
          return false;
        }
      },
    };
  });
}
export type DevicesStore = ReturnType<typeof createDevicesStore>;
