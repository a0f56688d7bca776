import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { RendererBridge } from '../bridge/types';
import type { HistoryState, HistoryStore } from './history-store';
import type { KioskStore, KioskView } from './kiosk-store';

interface Wiring {
  store: KioskStore;
  bridge: RendererBridge;
  /** Only the staff console has a history. */
  history?: HistoryStore;
}

const WiringContext = createContext<Wiring | null>(null);

export function KioskProvider({ children, ...wiring }: Wiring & { children: ReactNode }) {
  return <WiringContext.Provider value={wiring}>{children}</WiringContext.Provider>;
}

function useWiring(): Wiring {
  const wiring = useContext(WiringContext);
  if (!wiring) throw new Error('KioskProvider is missing');
  return wiring;
}

export function useKiosk<T>(select: (view: KioskView) => T): T {
  return useStore(useWiring().store, select);
}

export function useBridge(): RendererBridge {
  return useWiring().bridge;
}

export function useHistoryStore(): HistoryStore {
  const history = useWiring().history;
  if (!history) throw new Error('This window has no history store');
  return history;
}

export function useHistory<T>(select: (state: HistoryState) => T): T {
  return useStore(useHistoryStore(), select);
}
