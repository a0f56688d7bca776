/**
 * A refused card form in the customer's language, naming the field it is about as the form's
 * label does (_Data ważności: Ta karta straciła ważność_): the one wording of every page that
 * takes a card (the hosted payment page, the card-saving page).
 */
import type { z } from 'zod';
import { t, type MessageKey } from '../../shared/i18n';
import type { CardField } from './components';
import { sayIn, type Said } from './words';

/** How an error names each field: as its label on the form says it. */
const FIELD_NAMES: Record<CardField, MessageKey> = {
  name: 'pay.cardName',
  number: 'pay.cardNumber',
  expiry: 'pay.expiryDate',
  cvc: 'pay.cvc',
};

/** The first refusal, saying which field it is about, in the page's language. */
export function cardError(issues: z.ZodError['issues']): {
  error: Said;
  errorField?: CardField;
} {
  const issue = issues[0];
  const field = Object.keys(FIELD_NAMES).find((name) => name === issue?.path[0]) as
    CardField | undefined;
  if (!issue || !field) return { error: issue?.message ?? 'Check the card details' };
  // A field missing from the post has no message of its own worth showing.
  const text = issue.code === 'invalid_type' ? 'Enter it' : issue.message;
  return {
    error: (lang) =>
      t(lang, 'pay.fieldError', {
        field: t(lang, FIELD_NAMES[field]),
        message: sayIn(lang, text, 'pay.errCard'),
      }),
    errorField: field,
  };
}
