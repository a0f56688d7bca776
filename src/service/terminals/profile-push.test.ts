/**
 * TERMINAL_PROFILE over real HTTP: a PATCH /api/merchant that changes what terminals show of the
 * shop reaches every terminal of the merchant that shows it at once, on its push stream and its
 * event feed (production's change: both environments' while the sandbox shows production's; the
 * sandbox's change: the sandbox's only, its own copy) and from another instance on a shared
 * database; a change terminals do not show, or a refused one, reaches none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TerminalProfilePush } from '../../shared/contract/terminals';
import {
  PRODUCTION,
  SANDBOX,
  TEST_STORE,
  startService,
  testStore,
  type Harness,
  pairTerminal,
} from '../../../test/helpers/service';
import { connectSse } from '../../../test/helpers/sse';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

const pair = (name: string, secret = SANDBOX, on: Harness = h) =>
  pairTerminal(on, name, { secret });
const patch = (body: unknown, secret = SANDBOX, on: Harness = h) =>
  on.call('PATCH', '/api/merchant', body, secret);
const feed = (secret: string) =>
  h.call('GET', '/api/terminal/events/feed', undefined, secret) as Promise<{
    body: { events: { type: string; body: { data: unknown } }[] };
  }>;
/** The smallest valid PNG (1x1, transparent), as the logo field takes it. */
const LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('a change of the shop reaches its terminals at once', () => {
  it('tells the open streams of the merchant’s terminals that show the change', async () => {
    const sandboxTill = await pair('Profile sandbox');
    const liveTill = await pair('Profile production', PRODUCTION);
    const streams = await Promise.all(
      [sandboxTill, liveTill].map((t) => connectSse(`${h.url}/api/terminal/events`, t.secret)),
    );
    const told = async (i: number, till: typeof sandboxTill, name: string) => {
      const event = await streams[i]!.next((e) => e.event === 'TERMINAL_PROFILE', 5_000);
      expect(TerminalProfilePush.parse(JSON.parse(event.data).data)).toEqual({
        terminalId: till.terminal.id,
      });
      // What it says to re-read already has the new name.
      const me = await h.call('GET', '/api/terminal/me', undefined, till.secret);
      expect(me.body.shop.name).toBe(name);
    };
    try {
      for (const s of streams) await s.next((e) => e.event === 'ready');
      // Production's change: the sandbox, with no copy of its own yet, shows it too.
      expect((await patch({ name: 'Renamed Roasters' }, PRODUCTION)).status).toBe(200);
      for (const [i, till] of [sandboxTill, liveTill].entries())
        await told(i, till, 'Renamed Roasters');
      // The sandbox's change is its own copy's: its terminals hear of it, production's show theirs.
      expect((await patch({ name: 'Sandbox Roasters' })).status).toBe(200);
      await told(0, sandboxTill, 'Sandbox Roasters');
      const me = await h.call('GET', '/api/terminal/me', undefined, liveTill.secret);
      expect(me.body.shop.name).toBe('Renamed Roasters');
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('is in the feed of a terminal that polls, for the name, address and logo only', async () => {
    const till = await pair('Profile poller');
    await feed(till.secret); // reading the feed once makes the terminal reachable
    const types = async () => (await feed(till.secret)).body.events.map((e) => e.type);
    expect((await patch({ address: '1 New Street, Leeds' })).status).toBe(200);
    expect((await patch({ logo: LOGO })).status).toBe(200);
    expect(await types()).toEqual(['TERMINAL_PROFILE', 'TERMINAL_PROFILE']);
    // Nothing a terminal shows: no event.
    expect((await patch({ supportEmail: 'help@example.com' })).status).toBe(200);
    expect((await patch({ settings: { defaultExpirySeconds: 900 } })).status).toBe(200);
    expect((await patch({ address: '1 New Street, Leeds' })).status).toBe(200); // unchanged
    // Refused: nothing changes, nothing is said.
    expect((await patch({ name: '' })).status).toBe(400);
    expect(
      (await patch({ name: 'Never shown', logo: 'data:image/png;base64,R0lGODlh' })).status,
    ).toBe(400);
    const page = await feed(till.secret);
    expect(page.body.events.map((e) => e.type)).toEqual(['TERMINAL_PROFILE', 'TERMINAL_PROFILE']);
  });

  it.runIf(TEST_STORE === 'postgres')(
    'reaches a terminal whose stream is open on another instance sharing the database',
    async () => {
      const shared = await testStore();
      const a = await startService(shared);
      const b = await startService(shared);
      try {
        const till = await pair('Profile elsewhere', SANDBOX, a);
        const s = await connectSse(`${b.url}/api/terminal/events`, till.secret);
        try {
          await s.next((e) => e.event === 'ready');
          expect((await patch({ name: 'Renamed on A' }, SANDBOX, a)).status).toBe(200);
          const event = await s.next((e) => e.event === 'TERMINAL_PROFILE', 5_000);
          expect(JSON.parse(event.data).data).toEqual({ terminalId: till.terminal.id });
        } finally {
          s.close();
        }
      } finally {
        await a.close();
        await b.close();
      }
    },
  );
});
