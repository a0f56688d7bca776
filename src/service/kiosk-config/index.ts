/** The kiosk settings area as other areas see it: nothing yet, its routes are mounted by app.ts. */
export type { KioskConfigContext } from './context';
