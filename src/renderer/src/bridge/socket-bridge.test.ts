import { describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../../shared/bridge';
import { sampleState } from '../../../../test/helpers/sample-state';
import {
  createSocketBridge,
  reconnectDelay,
  type SocketHandlers,
  type SocketLike,
} from './socket-bridge';
import { UNREACHABLE, type LinkState } from './types';

class FakeSocket implements SocketLike {
  sent: unknown[] = [];
  constructor(private readonly on: SocketHandlers) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.serverClosed();
  }
  opened() {
    this.on.open();
  }
  serverClosed() {
    this.on.close();
  }
  deliver(message: unknown) {
    this.on.message(JSON.stringify(message));
  }
  deliverRaw(data: unknown) {
    this.on.message(data);
  }
}

function harness() {
  const sockets: FakeSocket[] = [];
  const timers: { run: () => void; ms: number; cancelled: boolean }[] = [];
  const bridge = createSocketBridge({
    url: 'ws://127.0.0.1:5180/bridge',
    open: (_url, on) => {
      const socket = new FakeSocket(on);
      sockets.push(socket);
      return socket;
    },
    schedule: (run, ms) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return () => void (timer.cancelled = true);
    },
    random: () => 0.5,
  });
  const links: LinkState[] = [];
  bridge.onLink((state) => links.push(state));
  const last = () => sockets[sockets.length - 1]!;
  const fireTimers = () => {
    for (const timer of timers.splice(0)) if (!timer.cancelled) timer.run();
  };
  return { bridge, sockets, timers, links, last, fireTimers };
}

const state = sampleState({ staffPinSet: false });

describe('socket bridge', () => {
  it('sends commands with ids and settles each with its own reply', async () => {
    const { bridge, last } = harness();
    last().opened();
    const a = bridge.invoke({ type: 'getState' });
    const b = bridge.invoke({ type: 'unpair', pin: '2468' });
    const [first, second] = last().sent as { id: number; command: { type: string } }[];
    expect(first!.command.type).toBe('getState');
    expect(second!.command.type).toBe('unpair');
    last().deliver({ id: second!.id, reply: { ok: true, result: 'b' } });
    last().deliver({ id: first!.id, reply: { ok: true, result: 'a' } });
    expect(await a).toEqual({ ok: true, result: 'a' });
    expect(await b).toEqual({ ok: true, result: 'b' });
  });

  it('holds commands made while the socket opens and sends them when it does', async () => {
    const { bridge, last } = harness();
    expect(bridge.link()).toBe('connecting');
    const reply = bridge.invoke({ type: 'getState' });
    expect(last().sent).toEqual([]);
    last().opened();
    expect(last().sent).toHaveLength(1);
    const { id } = last().sent[0] as { id: number };
    last().deliver({ id, reply: { ok: true, result: null } });
    expect(await reply).toEqual({ ok: true, result: null });
  });

  it('delivers parsed events and ignores frames that are not bridge messages', () => {
    const { bridge, last } = harness();
    const events: BridgeEvent[] = [];
    const stop = bridge.subscribe((event) => events.push(event));
    last().opened();
    last().deliver({ event: { type: 'state', state } });
    last().deliver({ event: { type: 'nonsense' } });
    last().deliverRaw('not json');
    expect(events).toEqual([{ type: 'state', state }]);
    stop();
    last().deliver({ event: { type: 'state', state } });
    expect(events).toHaveLength(1);
  });

  it('answers waiting and new commands with "not reachable" while the server is away', async () => {
    const { bridge, last, links } = harness();
    last().opened();
    const waiting = bridge.invoke({ type: 'getState' });
    last().serverClosed();
    expect(await waiting).toEqual(UNREACHABLE);
    expect(bridge.link()).toBe('reconnecting');
    expect(await bridge.invoke({ type: 'getState' })).toEqual(UNREACHABLE);
    expect(links).toEqual(['open', 'reconnecting']);
  });

  it('reconnects with growing delays and resets them once connected', () => {
    const { sockets, timers, last, fireTimers, bridge } = harness();
    last().serverClosed();
    expect(timers[0]!.ms).toBe(reconnectDelay(0, 0.5, 250, 5_000));
    fireTimers();
    expect(sockets).toHaveLength(2);
    last().serverClosed();
    expect(timers[0]!.ms).toBe(reconnectDelay(1, 0.5, 250, 5_000));
    expect(timers[0]!.ms).toBeGreaterThan(reconnectDelay(0, 0.5, 250, 5_000));
    fireTimers();
    last().opened();
    expect(bridge.link()).toBe('open');
    last().serverClosed();
    expect(timers[0]!.ms).toBe(reconnectDelay(0, 0.5, 250, 5_000));
  });

  it('caps the delay', () => {
    expect(reconnectDelay(30, 1, 250, 5_000)).toBe(5_100);
    expect(reconnectDelay(3, 0, 250, 5_000)).toBe(100);
  });

  it('stops for good when closed', async () => {
    const { bridge, last, timers } = harness();
    last().opened();
    bridge.close();
    expect(timers.filter((t) => !t.cancelled)).toHaveLength(0);
    expect(await bridge.invoke({ type: 'getState' })).toEqual(UNREACHABLE);
  });
});
