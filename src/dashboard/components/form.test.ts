/** The form parts' markup (static, no DOM): label, hint, control and error tied together. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MetadataTable } from '../areas/customers/MetadataTable';
import { ButtonRow, Field, FieldError, RadioGroup, Select, TextInput } from './form';
import { Table, num } from './Table';

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

describe('TextInput and Select', () => {
  it('are a Field with its control: the same label, hint and error wiring', () => {
    const input = renderToStaticMarkup(
      createElement(TextInput, {
        id: 'push-amount',
        label: 'Amount (£)',
        error: 'Amount must be more than £0.00.',
        errorTestId: 'push-error',
        alertError: true,
        inputMode: 'decimal',
        value: '0',
        onValue: () => {},
      }),
    );
    expect(input).toBe(
      '<div class="field"><label for="push-amount">Amount (£)</label>' +
        '<input inputMode="decimal" id="push-amount" aria-invalid="true" aria-describedby="push-amount-error" value="0"/>' +
        '<span class="error field-error" id="push-amount-error" role="alert" data-testid="push-error">Amount must be more than £0.00.</span></div>',
    );
    const select = renderToStaticMarkup(
      createElement(Select, {
        id: 'recon-store',
        label: 'Store',
        value: 'b',
        onValue: () => {},
        children: [
          createElement('option', { key: 'a', value: 'a' }, 'A'),
          createElement('option', { key: 'b', value: 'b' }, 'B'),
        ],
      }),
    );
    expect(select).toContain('<label for="recon-store">Store</label><select id="recon-store">');
    expect(select).toContain('<option value="b" selected="">B</option>');
  });
});

describe('RadioGroup and ButtonRow', () => {
  it('names its choices with the legend and ties its error to the fieldset', () => {
    const markup = renderToStaticMarkup(
      createElement(RadioGroup<'AUTO' | 'MANUAL'>, {
        id: 'charge-capture',
        legend: 'Capture',
        name: 'captureType',
        options: [
          ['AUTO', 'auto capture'],
          ['MANUAL', 'manual capture'],
        ],
        value: 'MANUAL',
        onValue: () => {},
        error: 'Choose one.',
      }),
    );
    expect(markup).toContain(
      '<fieldset aria-describedby="charge-capture-error"><legend>Capture</legend>',
    );
    expect(markup).toContain('checked="" value="MANUAL"');
    expect(markup).toContain(
      'id="charge-capture-error" data-testid="error-charge-capture">Choose one.<',
    );
    expect(renderToStaticMarkup(createElement(ButtonRow, null, 'x'))).toBe(
      '<div class="actions">x</div>',
    );
  });
});

describe('Table', () => {
  it('scrolls in its own focusable box named by its caption; numeric columns are marked', () => {
    const markup = renderToStaticMarkup(
      createElement(Table, {
        caption: 'Charges to this customer',
        columns: ['Created', num('Amount')],
        testId: 'charges',
        children: createElement('tr', null, createElement('td', null, 'x')),
      }),
    );
    expect(markup).toBe(
      '<div class="table-wrap" role="region" aria-label="Charges to this customer" tabindex="0">' +
        '<table data-testid="charges"><caption class="visually-hidden">Charges to this customer</caption>' +
        '<thead><tr><th scope="col">Created</th><th scope="col" class="num">Amount</th></tr></thead>' +
        '<tbody><tr><td>x</td></tr></tbody></table></div>',
    );
    const shown = renderToStaticMarkup(
      createElement(Table, { caption: 'Payments', showCaption: true, columns: [], children: null }),
    );
    expect(shown).toContain('<caption>Payments</caption>');
  });
});
