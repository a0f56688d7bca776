/**
 * The customer's words on the pages a link opens outside a payment, in English: the card-saving
 * page (`/save-card/{token}`: saveCard.*) and the bank account-linking page (`/bank/link/{id}`:
 * bankLink.*), and what both say of a link (link.*). Every language has the same keys in its own
 * `<code>-links.ts`; index.ts joins them to the rest of the catalogue. A message with no argument
 * doubles as the English text a step refuses with (ui/words.ts).
 */
export const enLinks = {
  'link.cancel': 'Cancel',
  'link.notFoundTitle': 'Link not found',
  'link.usedTitle': 'Link already used',
  'link.expiredTitle': 'Link expired',
  'link.usedHeading': 'This link has already been used',
  'link.expiredHeading': 'This link has expired',
  'saveCard.title': 'Save a card',
  'saveCard.heading': 'Save a card for {shop}',
  'saveCard.note': 'Your card is kept for future payments to {shop}. No money is taken now.',
  'saveCard.submit': 'Save card',
  'saveCard.theShop': 'the shop',
  'saveCard.challengeHeading': '3D Secure: confirm it is you',
  'saveCard.challengeLine':
    'Your bank asks you to confirm saving your {brand} card ending {last4}. This is the sandbox issuer: choose how the check ends.',
  'saveCard.returnToShop': 'Return to the shop',
  'saveCard.notFoundHeading': 'This link does not work',
  'saveCard.notFoundLine': 'Check the link, or ask the shop for a new one.',
  'saveCard.usedSavedLine':
    'Your card was saved. Ask the shop for a new link to save another card.',
  'saveCard.usedFailedLine': 'No card was saved with it. Ask the shop for a new link.',
  'saveCard.expiredLine': 'No card was saved. Ask the shop for a new link.',
  'saveCard.notSavedTitle': 'Card not saved',
  'saveCard.notSavedHeading': 'Your card was not saved',
  'saveCard.cancelled': 'You cancelled saving the card',
  'saveCard.declined': 'The card was declined ({reason})',
  'saveCard.savedTitle': 'Card saved',
  'saveCard.savedHeading': 'Your card is saved',
  'saveCard.savedLine': 'Your {brand} card ending {last4} is saved for future payments to {shop}.',
  'saveCard.footer': 'Secure card page · Counter',
  'bankLink.title': 'Link your bank account',
  'bankLink.chooseHint': 'Choose your bank. You will sign in with it and choose what to share.',
  'bankLink.signInTitle': 'Sign in to {bank}',
  'bankLink.signInHint': 'Sandbox: any user name and any password sign in.',
  'bankLink.userName': 'User name',
  'bankLink.password': 'Password',
  'bankLink.signIn': 'Sign in',
  'bankLink.errSignIn': 'Enter your user name and password.',
  'bankLink.shareTitle': 'Share your accounts',
  'bankLink.shareHeading': 'Share your accounts with {app}?',
  'bankLink.shareLine':
    "{bank} will let {app} read these accounts' details and transactions on behalf of {merchant}, until you revoke it:",
  'bankLink.deny': "Don't allow",
  'bankLink.allow': 'Allow',
  'bankLink.thisMerchant': 'this merchant',
  'bankLink.endedHeading': 'This link cannot be used',
  'bankLink.noSuchLink': 'There is no such linking link.',
  'bankLink.used': 'This link has already been used.',
  'bankLink.expired': 'This link has expired.',
  'bankLink.startAgain': 'Start again from the app that sent you here.',
  'bankLink.footer': 'Secure account linking · Counter',
} as const;

export type LinkMessageKey = keyof typeof enLinks;
export type LinkMessages = Record<LinkMessageKey, string>;
