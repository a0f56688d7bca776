/**
 * Each window's one store, fed by the bridge: a `state` event replaces the kiosk state whole;
 * `paymentChanged` is kept as the latest change (with a sequence number) so an open history or
 * detail view can refresh itself. The customer display uses `display` events only (the one
 * thing a display on the LAN is sent) and asks for nothing else.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  parseReply,
  type DisplayState,
  type KioskPayment,
  type KioskState,
  type StatusChange,
} from '../../../shared/bridge';
import type { LinkState, RendererBridge } from '../bridge/types';

export interface PaymentChangeNotice {
  seq: number;
  payment: KioskPayment;
  change: StatusChange;
}

export interface KioskView {
  /** Null until the core has told this window its state for the first time. */
  kiosk: KioskState | null;
  /** What the customer display shows; null until first told. */
  display: DisplayState | null;
  link: LinkState;
  lastChange: PaymentChangeNotice | null;
}

export type KioskStore = StoreApi<KioskView>;

export function createKioskStore(
  bridge: RendererBridge,
  options: { window?: 'console' | 'display'; onSessionExpired?: () => void } = {},
): KioskStore {
  const display = options.window === 'display';
  const store = createStore<KioskView>(() => ({
    kiosk: null,
    display: null,
    link: bridge.link(),
    lastChange: null,
  }));
  let stateEvents = 0;
  let changes = 0;

  bridge.subscribe((event) => {
    if (event.type === 'display') {
      stateEvents += 1;
      store.setState({ display: event.display });
    } else if (event.type === 'displaySessionExpired') options.onSessionExpired?.();
    else if (event.type === 'state') {
      stateEvents += 1;
      store.setState({ kiosk: event.state });
    } else if (event.type === 'paymentChanged') {
      changes += 1;
      store.setState({
        lastChange: { seq: changes, payment: event.payment, change: event.change },
      });
    }
  });

  // Electron IPC pushes nothing on subscribe, so the window asks once. The answer is dropped if
  // a state event (which is newer) arrived while it was on its way.
  function askForState() {
    const before = stateEvents;
    if (display)
      void bridge.invoke({ type: 'getDisplayState' }).then((raw) => {
        const reply = parseReply('getDisplayState', raw);
        if (reply.ok && stateEvents === before) store.setState({ display: reply.result });
      });
    else
      void bridge.invoke({ type: 'getState' }).then((raw) => {
        const reply = parseReply('getState', raw);
        if (reply.ok && stateEvents === before) store.setState({ kiosk: reply.result });
      });
  }

  bridge.onLink((link) => store.setState({ link }));
  askForState();
  return store;
}
