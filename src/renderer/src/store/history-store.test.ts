import { describe, expect, it } from 'vitest';
import type {
  BridgeCommand,
  BridgeEvent,
  BridgeReply,
  KioskPayment,
  StatusChange,
} from '../../../shared/bridge';
import type { RendererBridge } from '../bridge/types';
import { createHistoryStore } from './history-store';
import { atMinute, samplePayment } from '../../../../test/helpers/sample-payment';

function payment(id: string, minute: number, status: KioskPayment['status'] = 'COMPLETED') {
  return samplePayment({
    paymentRequestId: id,
    orderId: `CTR-${id}`,
    status,
    createdAt: atMinute(minute),
    final: status !== 'PENDING',
  });
}

function fakeBridge(answer: (command: BridgeCommand) => BridgeReply) {
  const sent: BridgeCommand[] = [];
  const listeners = new Set<(event: BridgeEvent) => void>();
  const bridge: RendererBridge = {
    invoke: async (command) => {
      sent.push(command);
      return answer(command);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    link: () => 'open',
    onLink: () => () => {},
  };
  const emit = (event: BridgeEvent) => listeners.forEach((l) => l(event));
  return { bridge, sent, emit };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const change: StatusChange = {
  from: 'PENDING',
  to: 'COMPLETED',
  source: 'push',
  occurredAt: '2025-01-01T12:05:00.000Z',
  recordedAt: '2025-01-01T12:05:00.000Z',
};

describe('history store', () => {
  it('loads page one when first shown, and more on request', async () => {
    const { bridge, sent } = fakeBridge((command) => {
      const query = command.type === 'listHistory' ? command.query : null;
      return query?.cursor
        ? { ok: true, result: { payments: [payment('a', 1)], nextCursor: null } }
        : { ok: true, result: { payments: [payment('c', 3), payment('b', 2)], nextCursor: 'p2' } };
    });
    const store = createHistoryStore(bridge);
    store.getState().show();
    await wait(0);
    expect(store.getState().listing?.payments.map((p) => p.paymentRequestId)).toEqual(['c', 'b']);
    await store.getState().loadMore();
    expect(store.getState().listing?.payments.map((p) => p.paymentRequestId)).toEqual([
      'c',
      'b',
      'a',
    ]);
    expect(store.getState().listing?.nextCursor).toBeNull();
    expect(sent).toHaveLength(2);
  });

  it('refuses a search the form cannot make, without asking the kiosk', async () => {
    const { bridge, sent } = fakeBridge(() => ({
      ok: true,
      result: { payments: [], nextCursor: null },
    }));
    const store = createHistoryStore(bridge);
    store.getState().setForm({ ...store.getState().form, amount: 'ten' });
    await store.getState().search();
    expect(store.getState().error).toMatchObject({ field: 'query.amountPence' });
    expect(sent).toEqual([]);
  });

  it('searches with the form and clears back to everything', async () => {
    const { bridge, sent } = fakeBridge(() => ({
      ok: true,
      result: { payments: [], nextCursor: null },
    }));
    const store = createHistoryStore(bridge);
    store.getState().setForm({ ...store.getState().form, orderId: 'CTR-9', status: 'FAILED' });
    await store.getState().search();
    expect(sent[0]).toMatchObject({
      type: 'listHistory',
      query: { orderId: 'CTR-9', status: 'FAILED' },
    });
    expect(store.getState().applied.orderId).toBe('CTR-9');
    await store.getState().clear();
    expect(sent[1]).toEqual({ type: 'listHistory', query: { limit: 25 } });
    expect(store.getState().form.orderId).toBe('');
  });

  it('shows the kiosk’s refusal', async () => {
    const { bridge } = fakeBridge(() => ({
      ok: false,
      error: { message: 'The kiosk is not reachable; reconnecting…' },
    }));
    const store = createHistoryStore(bridge);
    store.getState().show();
    await wait(0);
    expect(store.getState().error?.message).toBe('The kiosk is not reachable; reconnecting…');
    expect(store.getState().loading).toBeNull();
  });

  it('updates a changed row at once and re-reads page one while shown', async () => {
    let pages = 0;
    const { bridge, emit } = fakeBridge(() => {
      pages += 1;
      return pages === 1
        ? { ok: true, result: { payments: [payment('b', 2, 'PENDING')], nextCursor: null } }
        : {
            ok: true,
            result: { payments: [payment('c', 3), payment('b', 2)], nextCursor: null },
          };
    });
    const store = createHistoryStore(bridge, { refreshDelayMs: 5 });
    const hide = store.getState().show();
    await wait(0);
    emit({ type: 'paymentChanged', payment: payment('b', 2), change });
    expect(store.getState().listing?.payments[0]?.status).toBe('COMPLETED');
    await wait(20);
    expect(store.getState().listing?.payments.map((p) => p.paymentRequestId)).toEqual(['c', 'b']);
    hide();
    emit({ type: 'paymentChanged', payment: payment('b', 2), change });
    await wait(20);
    expect(pages).toBe(2);
  });
});
