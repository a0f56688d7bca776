/** Light rendering checks of the shared components (static markup, no DOM needed). */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConfirmBox } from './ConfirmBox';
import { Notice } from './Notice';
import { Pager } from './Pager';
import { StatusBadge } from './StatusBadge';

const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element);

describe('StatusBadge', () => {
  it('shows the console’s word, with the code kept for tests and as the hint', () => {
    const markup = html(createElement(StatusBadge, { status: 'COMPLETED' }));
    expect(markup).toContain('>Paid<');
    expect(markup).toContain('data-status="COMPLETED"');
    expect(markup).toContain('class="status tone-success"');
    expect(html(createElement(StatusBadge, { status: 'PAYMENT_NOT_INITIATED' }))).toContain(
      '>Waiting for customer<',
    );
    expect(
      html(createElement(StatusBadge, { status: 'FAILED', detail: 'Card declined' })),
    ).toContain('title="Card declined"');
  });
});

describe('Notice', () => {
  it('announces errors as alerts and confirmations as status, and is nothing when empty', () => {
    expect(html(createElement(Notice, { kind: 'error', children: 'Not sent' }))).toBe(
      '<p class="error" role="alert">Not sent</p>',
    );
    expect(html(createElement(Notice, { kind: 'ok', children: 'Sent' }))).toContain(
      'role="status"',
    );
    expect(html(createElement(Notice, { kind: 'error', children: '' }))).toBe('');
  });

  it('escapes what it shows', () => {
    expect(html(createElement(Notice, { kind: 'error', children: '<b>x</b>' }))).toContain(
      '&lt;b&gt;x&lt;/b&gt;',
    );
  });
});

describe('ConfirmBox', () => {
  it('asks with two real buttons', () => {
    const markup = html(
      createElement(ConfirmBox, {
        message: 'Cancel this payment of £5.00?',
        yes: 'Yes, cancel payment',
        no: 'Keep it',
        onYes: () => {},
        onNo: () => {},
      }),
    );
    expect(markup).toContain('role="group"');
    expect(markup).toContain(
      '<button type="button" class="danger small">Yes, cancel payment</button>',
    );
    expect(markup).toContain('>Keep it</button>');
  });
});

describe('Pager', () => {
  const pager = (page: Parameters<typeof Pager>[0]['page']) =>
    html(
      createElement(Pager, {
        label: 'Charge pages',
        page,
        rangeTestId: 'charges-range',
        onNewer: () => {},
        onOlder: () => {},
      }),
    );
  const page = (n: number, count: number, total: number) => ({
    page: n,
    size: 20,
    totalCount: total,
    data: new Array(count),
  });

  it('names its landmark and shows the rows and the total; Newer is off on the first page', () => {
    const first = pager(page(0, 20, 45));
    expect(first).toContain('<nav class="pager" aria-label="Charge pages">');
    expect(first).toContain('<span class="muted" data-testid="charges-range">1–20 of 45</span>');
    expect(first).toContain('<button type="button" class="secondary small" disabled="">Newer');
    expect(first).toContain('<button type="button" class="secondary small">Older');
  });

  it('turns Older off on the last page, and both off while loading', () => {
    const last = pager(page(2, 5, 45));
    expect(last).toContain('>41–45 of 45<');
    expect(last).toContain('<button type="button" class="secondary small">Newer');
    expect(last).toContain('disabled="">Older');
    const loading = pager(null);
    expect(loading.match(/disabled=""/g)).toHaveLength(2);
  });
});
