/** The kiosk settings area as other areas see it; its routes are mounted by app.ts. */
export type { KioskConfigContext } from './context';
export {
  createShopLanguageReader,
  type PaymentPlace,
  type ShopLanguageReader,
} from './shop-language';
export { createKioskSide, type KioskSide } from './kiosk-side';
