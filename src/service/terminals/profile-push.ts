/**
 * TERMINAL_PROFILE (docs/terminals.md, Events): a change of what terminals show of the shop
 * reaches every terminal of the merchant at once over its push stream and event feed, instead of
 * at its next minutely re-read of GET /api/terminal/me. Each environment has its own profile
 * (the sandbox's copy, merchants/profile.ts): only the terminals of an environment whose shop
 * changed hear of it, so a sandbox change never reaches a production terminal.
 */
import type { Environment } from '../kernel/caller';
import type { Outbox } from '../kernel/events/outbox';
import { profileLines, type MerchantProfile, type MerchantProfiles } from '../merchants';
import type { TerminalReader } from './model';

/** What a terminal shows and prints of the shop, as GET /api/terminal/me describes it. */
const shown = (p: MerchantProfile) =>
  JSON.stringify({ name: p.name, lines: profileLines(p), logo: p.logoPath });

/** Whether the change from `was` to `now` alters anything a terminal shows. */
export const shopChanged = (was: MerchantProfile, now: MerchantProfile) =>
  shown(was) !== shown(now);

/**
 * Emits a TERMINAL_PROFILE to each of the merchant's terminals in `environments`; run it in the
 * transaction that changed the profile, so the terminals hear of it once that commits. The event
 * carries only the terminal's id: the terminal re-reads the shop with its own secret.
 */
export async function tellTerminalsOfProfile(
  deps: { outbox: Outbox; terminals: TerminalReader },
  merchantId: string,
  environments: readonly Environment[],
): Promise<void> {
  const inputs = [];
  for (const environment of environments)
    for (const terminal of await deps.terminals.list(merchantId, environment))
      inputs.push({
        merchantId,
        environment,
        type: 'TERMINAL_PROFILE' as const,
        terminalId: terminal.id,
        data: { terminalId: terminal.id },
      });
  await deps.outbox.emitMany(inputs);
}

/** Registers the terminals' reaction to every change of a merchant's profile (merchants/profile.ts). */
export function tellTerminalsOfProfileChanges(deps: {
  outbox: Outbox;
  terminals: TerminalReader;
  profiles: MerchantProfiles;
}): void {
  deps.profiles.onChange({
    // Terminals show the name, address and logo: they re-read them now, not within a minute.
    async inTransaction(change) {
      const changed = change.shown
        .filter(({ was, now }) => shopChanged(was, now))
        .map(({ environment }) => environment);
      if (changed.length > 0) await tellTerminalsOfProfile(deps, change.merchantId, changed);
    },
  });
}
