/**
 * Builds the merchant dashboard once before the end-to-end tests (when it is missing or older
 * than its sources), so the specs that start a service in-process serve the real built app.
 */
import { resolve } from 'node:path';
import { ensureDashboardBuilt } from '../../src/service/site/dashboard-build';

export default async function globalSetup(): Promise<void> {
  await ensureDashboardBuilt(resolve('.'), (line) => console.error(line));
}
