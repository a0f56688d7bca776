import { create } from 'zustand';

/**
 * The PIN of the person signed in at this console, kept in this window's memory only (never
 * stored): staff-only screens send it with their commands instead of asking again, and the
 * kiosk checks it every time as it checks a typed one. It goes when the kiosk says nobody is
 * signed in (Sign out, the idle time, a restart).
 */
export const useSignedInPin = create<{ pin: string | null; set(pin: string | null): void }>(
  (set) => ({ pin: null, set: (pin) => set({ pin }) }),
);
