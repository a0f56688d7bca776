import { describe, expect, it } from 'vitest';
import { createSseParser, type SseMessage } from './sse';

describe('createSseParser', () => {
  it('parses events split across chunks, with ids, names and multi-line data', () => {
    const seen: SseMessage[] = [];
    const feed = createSseParser((m) => seen.push(m));
    feed('event: ready\ndata: {"heartbeatMs":15000}\n\nid: 7\nevent: cha');
    expect(seen).toHaveLength(1);
    feed('nge\ndata: {"topics":\ndata: ["payments"]}\n\n: comment\n\n');
    expect(seen).toEqual([
      { event: 'ready', data: '{"heartbeatMs":15000}' },
      { id: '7', event: 'change', data: '{"topics":\n["payments"]}' },
    ]);
  });

  it('accepts CRLF line ends and defaults the event name to message', () => {
    const seen: SseMessage[] = [];
    createSseParser((m) => seen.push(m))('data: hi\r\n\r\n');
    expect(seen).toEqual([{ event: 'message', data: 'hi' }]);
  });
});
