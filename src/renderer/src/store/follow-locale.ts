import type { KioskStore } from './kiosk-store';

/**
 * The page's `lang` follows the kiosk's locale, so screen readers, native controls and the date
 * fields (shared/local-date.ts) all read it the same way; `data-time-zone` carries the shop's
 * time zone, whose days the date fields name.
 */
export function followKioskLocale(store: KioskStore): void {
  const apply = () => {
    const { kiosk, display } = store.getState();
    const locale = kiosk?.locale ?? display?.locale;
    if (locale && document.documentElement.lang !== locale) document.documentElement.lang = locale;
    if (kiosk) document.documentElement.dataset.timeZone = kiosk.timeZone;
  };
  apply();
  store.subscribe(apply);
}
