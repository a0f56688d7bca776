import { describe, expect, it } from 'vitest';
import type { BridgeCommand, BridgeEvent, BridgeReply } from '../../../shared/bridge';
import { sampleState } from '../../../../test/helpers/sample-state';
import type { LinkState, RendererBridge } from '../bridge/types';
import { createKioskStore } from './kiosk-store';

function fakeBridge() {
  const listeners = new Set<(event: BridgeEvent) => void>();
  const linkListeners = new Set<(state: LinkState) => void>();
  const calls: { command: BridgeCommand; resolve: (reply: BridgeReply) => void }[] = [];
  const bridge: RendererBridge = {
    invoke: (command) => new Promise((resolve) => calls.push({ command, resolve })),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    link: () => 'connecting',
    onLink: (listener) => {
      linkListeners.add(listener);
      return () => void linkListeners.delete(listener);
    },
  };
  return {
    bridge,
    calls,
    emit: (event: BridgeEvent) => listeners.forEach((l) => l(event)),
    setLink: (state: LinkState) => linkListeners.forEach((l) => l(state)),
  };
}

const state = (online: boolean) => sampleState({ online });

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('kiosk store', () => {
  it('asks for the state once and takes the answer', async () => {
    const fake = fakeBridge();
    const store = createKioskStore(fake.bridge);
    expect(store.getState().kiosk).toBeNull();
    expect(fake.calls.map((c) => c.command.type)).toEqual(['getState']);
    fake.calls[0]!.resolve({ ok: true, result: state(true) });
    await tick();
    expect(store.getState().kiosk?.online).toBe(true);
  });

  it('lets a state event win over an older getState answer', async () => {
    const fake = fakeBridge();
    const store = createKioskStore(fake.bridge);
    fake.emit({ type: 'state', state: state(false) });
    fake.calls[0]!.resolve({ ok: true, result: state(true) });
    await tick();
    expect(store.getState().kiosk?.online).toBe(false);
  });

  it('ignores an answer that is not a kiosk state', async () => {
    const fake = fakeBridge();
    const store = createKioskStore(fake.bridge);
    fake.calls[0]!.resolve({ ok: true, result: { nonsense: true } });
    await tick();
    expect(store.getState().kiosk).toBeNull();
  });

  it('a display window asks only for what it shows, and reloads when its session ends', async () => {
    const fake = fakeBridge();
    let expired = 0;
    const store = createKioskStore(fake.bridge, {
      window: 'display',
      onSessionExpired: () => (expired += 1),
    });
    expect(fake.calls.map((c) => c.command.type)).toEqual(['getDisplayState']);
    fake.calls[0]!.resolve({
      ok: true,
      result: { shopName: 'Shop', locale: 'en-GB', active: null, queue: [] },
    });
    await tick();
    expect(store.getState().display?.shopName).toBe('Shop');
    fake.emit({ type: 'displaySessionExpired' });
    expect(expired).toBe(1);
  });

  it('numbers payment changes and follows the link', () => {
    const fake = fakeBridge();
    const store = createKioskStore(fake.bridge);
    expect(store.getState().link).toBe('connecting');
    fake.setLink('open');
    expect(store.getState().link).toBe('open');
    const payment = {} as never;
    const change = {} as never;
    fake.emit({ type: 'paymentChanged', payment, change });
    fake.emit({ type: 'paymentChanged', payment, change });
    expect(store.getState().lastChange?.seq).toBe(2);
  });
});
