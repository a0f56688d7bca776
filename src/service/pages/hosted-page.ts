/** The hosted payment page at paymentUrl (filled in by the hosted-page work). */
import type { Area } from '../context';

export const hostedPageRoutes: Area = () => {};
