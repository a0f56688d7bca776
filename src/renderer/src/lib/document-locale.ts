import { DEFAULT_SHOP_TIME_ZONE } from '../../../shared/shop-day';
import type { KioskStore } from '../store/kiosk-store';

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

/** The locale of this page (set from the kiosk's state), en-GB until it is known. */
export function pageLocale(): string {
  return (typeof document !== 'undefined' && document.documentElement.lang) || 'en-GB';
}

/** The shop's time zone (set from the kiosk's state), Europe/London until it is known. */
export function pageTimeZone(): string {
  return (
    (typeof document !== 'undefined' && document.documentElement.dataset.timeZone) ||
    DEFAULT_SHOP_TIME_ZONE
  );
}
