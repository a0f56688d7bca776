/** QR codes and templates of payment requests (filled in by the images work). */
import type { Area } from '../context';

export const imageRoutes: Area = () => {};
