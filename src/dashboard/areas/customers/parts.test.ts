/** The Customers area's field markup (static, no DOM): label, hint, control and error tied together. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Field, FieldError, MetadataTable } from './parts';

describe('Field', () => {
  it('labels the control and ties its hint and error to it', () => {
    const markup = renderToStaticMarkup(
      createElement(Field, {
        id: 'charge-amount',
        label: 'Amount (£)',
        hint: 'At least £1.00.',
        error: 'Amount must be at least 1.',
        children: (props) => createElement('input', props),
      }),
    );
    expect(markup).toBe(
      '<div class="field"><label for="charge-amount">Amount (£)</label>' +
        '<span class="muted hint" id="charge-amount-hint">At least £1.00.</span>' +
        '<input id="charge-amount" aria-invalid="true" aria-describedby="charge-amount-hint charge-amount-error"/>' +
        '<span class="error field-error" id="charge-amount-error" data-testid="error-charge-amount">Amount must be at least 1.</span></div>',
    );
  });

  it('is plain when there is neither hint nor error', () => {
    const markup = renderToStaticMarkup(
      createElement(Field, {
        id: 'charge-order',
        label: 'Order id',
        children: (props) => createElement('input', props),
      }),
    );
    expect(markup).toBe(
      '<div class="field"><label for="charge-order">Order id</label><input id="charge-order"/></div>',
    );
  });
});

describe('FieldError', () => {
  it('is the error a group of controls names, or nothing', () => {
    expect(
      renderToStaticMarkup(createElement(FieldError, { id: 'charge-capture', children: 'Bad.' })),
    ).toBe(
      '<span class="error field-error" id="charge-capture-error" data-testid="error-charge-capture">Bad.</span>',
    );
    expect(
      renderToStaticMarkup(createElement(FieldError, { id: 'charge-capture', children: '' })),
    ).toBe('');
  });

  it('sits in the metadata table, named by its fieldset', () => {
    const markup = renderToStaticMarkup(
      createElement(MetadataTable, {
        idPrefix: 'card-metadata',
        rows: [{ key: 'a', value: '1' }],
        onChange: () => {},
        error: 'The key a is there twice; keep one.',
      }),
    );
    expect(markup).toContain('<fieldset class="metadata" aria-describedby="card-metadata-error">');
    expect(markup).toContain(
      '<span class="error field-error" id="card-metadata-error" data-testid="error-card-metadata">The key a is there twice; keep one.</span>',
    );
  });
});
