/** The staff forms' action row (static markup): the way out, then the submit button. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FormActions } from './FormActions';

const row = (busy: boolean) =>
  renderToStaticMarkup(
    createElement(FormActions, {
      cancelLabel: 'Keep the payment',
      onCancel: () => {},
      submitLabel: 'Refund',
      busyLabel: 'Refunding…',
      busy,
      tone: 'danger-solid',
      submitTestId: 'refund-submit',
    }),
  );

describe('FormActions', () => {
  it('puts the way out first and the submit button, with its tone, second', () => {
    expect(row(false)).toBe(
      '<div class="refund-form__actions">' +
        '<button type="button" class="button button--ghost">Keep the payment</button>' +
        '<button type="submit" class="button button--danger-solid" data-testid="refund-submit">Refund</button>' +
        '</div>',
    );
  });

  it('disables the submit button and says what it is doing while busy', () => {
    expect(row(true)).toContain(
      '<button type="submit" class="button button--danger-solid" disabled="" data-testid="refund-submit">Refunding…</button>',
    );
  });
});
