import { describe, expect, it } from 'vitest';
import { createLru } from './lru';
import { fitLine, receiptSvg } from '../ui/templates';
import { escapeXml } from '../ui/xml';

describe('escapeXml', () => {
  it('escapes markup characters and drops characters XML cannot hold', () => {
    expect(escapeXml(`<b>&"'`)).toBe('&lt;b&gt;&amp;&quot;&apos;');
    expect(escapeXml('a\u0000b\u001Fc\td')).toBe('abc\td');
    expect(escapeXml('Café £5')).toBe('Café £5');
  });
});

describe('fitLine', () => {
  it('keeps short text at the largest size', () => {
    expect(fitLine('£12.50', 500, 112, 40, true)).toEqual({ text: '£12.50', size: 112 });
  });

  it('shrinks longer text and cuts it with an ellipsis below the minimum size', () => {
    const shrunk = fitLine('x'.repeat(30), 500, 48, 10);
    expect(shrunk.text).toBe('x'.repeat(30));
    expect(shrunk.size).toBeLessThan(48);
    const cut = fitLine('y'.repeat(200), 300, 48, 20);
    expect(cut.size).toBe(20);
    expect(cut.text.endsWith('…')).toBe(true);
    expect(Array.from(cut.text).length).toBeLessThan(200);
  });
});

describe('receiptSvg', () => {
  const data = {
    merchantName: 'Shop',
    amountPence: 1250,
    tipPence: 0,
    paidPence: 0,
    currency: 'GBP',
    status: 'EXPIRED' as const,
    date: Date.UTC(2025, 6, 1, 12, 5),
    orderId: 'o1',
    paymentRequestId: 'id-1',
    method: null,
  };

  it('dates the receipt in UK time, en-GB', () => {
    // 12:05 UTC on 1 July is 13:05 British Summer Time.
    expect(receiptSvg(data)).toContain('1 July 2025 at 13:05');
  });

  it('shows tip and total paid only when tipped', () => {
    expect(receiptSvg(data)).not.toContain('Total paid');
    const tipped = receiptSvg({ ...data, status: 'COMPLETED', tipPence: 150, paidPence: 1400 });
    expect(tipped).toContain('£1.50');
    expect(tipped).toContain('£14.00');
  });
});

describe('createLru', () => {
  it('evicts the least recently used entry', () => {
    const lru = createLru<number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.size).toBe(2);
  });
});
