/**
 * The page's locale and time zone as the kiosk's state set them on the document
 * (store/follow-locale.ts).
 */
import { DEFAULT_SHOP_TIME_ZONE } from '../../../shared/shop-day';

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
