/**
 * Each window's one store, fed by the bridge: a `state` event replaces the kiosk state whole;
 * `paymentChanged` is kept as the latest change (with a sequence number) so an open history or
 * detail view can refresh itself.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  KioskState,
  type KioskPayment,
  type KioskState as KioskStateType,
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
  kiosk: KioskStateType | null;
  link: LinkState;
  lastChange: PaymentChangeNotice | null;
}

export type KioskStore = StoreApi<KioskView>;

export function createKioskStore(bridge: RendererBridge): KioskStore {
  const store = createStore<KioskView>(() => ({
    kiosk: null,
    link: bridge.link(),
    lastChange: null,
  }));
  let stateEvents = 0;
  let changes = 0;

  bridge.subscribe((event) => {
    if (event.type === 'state') {
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
    void bridge.invoke({ type: 'getState' }).then((reply) => {
      if (!reply.ok || stateEvents !== before) return;
      const parsed = KioskState.safeParse(reply.result);
      if (parsed.success) store.setState({ kiosk: parsed.data });
    });
  }

  bridge.onLink((link) => store.setState({ link }));
  askForState();
  return store;
}
