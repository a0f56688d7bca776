/**
 * How many MCP sessions an instance holds, and for whom: over real HTTP, one merchant opening
 * sessions without end never gets another merchant refused, and keeps at most its own share,
 * its least recently used idle ones closed first; and the table's rules for a full address or a
 * full instance (the fairest merchant pays), with busy sessions never closed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '../merchants/bootstrap';
import { mcpListTools, mcpSession } from '../../../test/helpers/mcp-raw';
import { SANDBOX, startService, type Harness } from '../../../test/helpers/service';
import { ApiError } from '../kernel/errors';
import { createSessionTable, MCP_SESSION_LIMITS, type HeldSession } from './sessions';

describe('MCP sessions over /mcp', () => {
  let h: Harness;
  let other: string;
  beforeAll(async () => {
    h = await startService();
    other = (await createMerchant(h.service.store, h.service.ctx.clock, 'Other Shop')).generated
      .sandbox!;
  });
  afterAll(() => h.close());

  it("one merchant's 1,020 sessions never get another merchant refused", async () => {
    const opened: string[] = [];
    for (let batch = 0; batch < 1020; batch += 20) {
      const results = await Promise.all(
        Array.from({ length: 20 }, () => mcpSession(h.url, SANDBOX, {}, false)),
      );
      for (const { status, sessionId } of results) {
        expect(status).toBe(200);
        opened.push(sessionId!);
      }
    }
    // The other merchant gets a session at once and can use it.
    const theirs = await mcpSession(h.url, other);
    expect(theirs.status).toBe(200);
    expect((await mcpListTools(h.url, other, theirs.sessionId!)).status).toBe(200);

    // The first merchant keeps its own share, its oldest sessions closed to make room.
    expect((await mcpListTools(h.url, SANDBOX, opened[0]!)).status).toBe(404);
    expect((await mcpListTools(h.url, SANDBOX, opened.at(-1)!)).status).toBe(200);
    let kept = 0;
    for (const id of opened.slice(-150))
      if ((await mcpListTools(h.url, SANDBOX, id)).status === 200) kept++;
    expect(kept).toBe(MCP_SESSION_LIMITS.perMerchant);
  }, 180_000);
});

describe('the session table', () => {
  const limits = { perMerchant: 3, perAddress: 5, total: 8, idleMs: 60_000 };
  function table() {
    const closed: string[] = [];
    const sessions = createSessionTable<HeldSession & { name: string }>(limits);
    let t = 0;
    const open = (name: string, merchantId: string, address = '192.0.2.1') => {
      sessions.makeRoom(merchantId, address, ++t);
      const session = { name, merchantId, address, lastSeen: t, busy: 0 };
      sessions.add(name, { ...session, close: () => void closed.push(name) });
      return sessions.get(name)!;
    };
    return { sessions, open, closed };
  }

  it('a merchant at its limit closes its own least recently used idle session, never a busy one', () => {
    const { sessions, open, closed } = table();
    open('a1', 'A');
    open('a2', 'A').busy = 1;
    open('a3', 'A');
    sessions.get('a1')!.lastSeen = 100; // used again lately: a3 is now the least recently used
    open('a4', 'A');
    expect(closed).toEqual(['a3']);
    sessions.get('a1')!.busy = 1;
    sessions.get('a4')!.busy = 1;
    expect(() => open('a5', 'A')).toThrow(ApiError);
    expect(sessions.countOf('A')).toBe(3);
    // Another merchant is not held back by A's busy sessions.
    open('b1', 'B');
    expect(sessions.countOf('B')).toBe(1);
  });

  it('a full address or instance closes an idle session of whoever holds the most there', () => {
    const { sessions, open, closed } = table();
    for (const name of ['a1', 'a2', 'a3']) open(name, 'A');
    open('b1', 'B');
    open('c1', 'C');
    // Five from one address: the sixth, C's, closes the least recently used of A's (the most).
    open('c2', 'C');
    expect(closed).toEqual(['a1']);
    // The instance: three more from elsewhere fill it; the next closes A's or C's oldest.
    open('d1', 'D', '192.0.2.9');
    open('d2', 'D', '192.0.2.9');
    open('e1', 'E', '192.0.2.9');
    expect(sessions.size()).toBe(8);
    open('f1', 'F', '192.0.2.10');
    expect(closed).toEqual(['a1', 'a2']);
    expect(sessions.size()).toBe(8);
    expect(sessions.countOf('F')).toBe(1);
  });

  it('closes sessions idle for longer than idleMs when making room', () => {
    const { sessions, open, closed } = table();
    open('a1', 'A');
    sessions.get('a1')!.lastSeen = -limits.idleMs;
    open('b1', 'B');
    expect(closed).toEqual(['a1']);
  });
});
