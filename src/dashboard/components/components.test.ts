/** Light rendering checks of the shared components (static markup, no DOM needed). */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConfirmBox } from './ConfirmBox';
import { Notice } from './Notice';
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
