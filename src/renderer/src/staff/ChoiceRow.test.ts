/** The staff forms' radio row (static markup): one legend, one label per choice, the value checked. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ChoiceRow } from './ChoiceRow';

const row = (value: 'full' | 'amount', className?: string) =>
  renderToStaticMarkup(
    createElement(ChoiceRow<'full' | 'amount'>, {
      legend: 'How much',
      name: 'r1-kind',
      value,
      onChange: () => {},
      choices: [
        { value: 'full', label: 'In full (£12.50)' },
        { value: 'amount', label: 'An amount', testId: 'kind-amount' },
      ],
      ...(className ? { className } : {}),
    }),
  );

describe('ChoiceRow', () => {
  it('is one fieldset with its legend and a labelled radio per choice, in order', () => {
    expect(row('full')).toBe(
      '<fieldset class="refund-form__kind"><legend class="field__label">How much</legend>' +
        '<label class="refund-form__choice"><input type="radio" name="r1-kind" checked=""/>In full (£12.50)</label>' +
        '<label class="refund-form__choice"><input type="radio" data-testid="kind-amount" name="r1-kind"/>An amount</label>' +
        '</fieldset>',
    );
  });

  it('checks only the chosen value', () => {
    const html = row('amount');
    expect(html).toContain('<input type="radio" name="r1-kind"/>In full');
    expect(html).toContain('data-testid="kind-amount" name="r1-kind" checked=""/>An amount');
  });

  it('takes the layout of the form it sits in', () => {
    expect(row('full', 'cof-lookup__by')).toMatch(/^<fieldset class="cof-lookup__by">/);
  });
});
