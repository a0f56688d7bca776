import type { KioskStore } from '../store/kiosk-store';

/**
 * The page's `lang` follows the kiosk's locale, so screen readers, native controls and the date
 * fields (lib/local-date.ts) all read it the same way.
 */
export function followKioskLocale(store: KioskStore): void {
  const apply = () => {
    const { kiosk, display } = store.getState();
    const locale = kiosk?.locale ?? display?.locale;
    if (locale && document.documentElement.lang !== locale) document.documentElement.lang = locale;
  };
  apply();
  store.subscribe(apply);
}
