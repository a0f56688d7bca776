/** Webhook subscriptions, delivery log and the test trigger (filled in by the webhooks work). */
import type { Area } from '../context';

export const webhookRoutes: Area = () => {};
