/**
 * The customer's words in Agent Pay and in the messages sent to customers, in English: the
 * authorization page (`/agents/authorize/{token}`) and the revoke page (`/agents/revoke/{token}`)
 * as agent.*, the e-mails and text messages (a card-saving link, a saved card's code, an approval
 * code, a revoke link) as mail.*. Every language has the same keys in its own `<code>-agent.ts`;
 * index.ts joins them to the rest of the catalogue. A message with no argument doubles as the
 * English text a step refuses with (ui/words.ts).
 */
export const enAgent = {
  'agent.titleApprove': 'Approve a spending contract',
  'agent.titleUpdate': 'Approve the new limits',
  'agent.headingApprove': 'Approve “{name}”',
  'agent.headingUpdate': 'New limits for “{name}”',
  'agent.whoSend':
    "{agent}, an agent of {business}, asks to send payments from {business}'s account.",
  'agent.whoCollect':
    '{business} asks to charge your card, through its agent {agent}, without you being present each time.',
  'agent.now': 'Now',
  'agent.ifApprove': 'If you approve',
  'agent.theLimits': 'The limits',
  'agent.decision': 'Your decision',
  'agent.codeConfirmed': 'Your code is confirmed.',
  'agent.worksUntil': 'This link works until {when}.',
  'agent.addNewCard': 'Or add a new card',
  'agent.addCard': 'Add a card',
  'agent.addCardNote': 'Your bank asks you to confirm the card (3D Secure). No money is taken now.',
  'agent.addCardSubmit': 'Add card',
  'agent.cardToCharge': 'The card to charge',
  'agent.card': '{brand} card ending {last4}, expires {expiry}',
  'agent.noOneSend':
    "No one can approve this contract yet: {business} has not named who approves its agents' spending. {business} adds its approvers in its dashboard's Settings (Agent Pay approvers); then open this link again. You can decline it now.",
  'agent.noOneCollect':
    '{business} has no e-mail address or phone number for you, so we cannot send you the code that approving needs. Ask {business} to add one to your details, then open this link again. You can decline it now.',
  'agent.locked':
    'Too many wrong codes: this link can no longer approve. You can still decline; ask for a new authorization link to approve.',
  'agent.typeCodeSent': 'Type the code we sent to {to} below. It works for 10 minutes.',
  'agent.weSendOne':
    'To approve, we send a one-time code to {to}. Only you should see it: do not pass it on.',
  'agent.weSendChoose':
    'To approve, we send a one-time code to one of these. Choose yours; only you should see the code: do not pass it on.',
  'agent.sendTo': 'Send the code to',
  'agent.sendNew': 'Send a new code',
  'agent.sendMe': 'Send me a code',
  'agent.codeLabel': 'The code we sent you',
  'agent.continue': 'Continue',
  'agent.approve': 'Approve',
  'agent.decline': 'Decline',
  'agent.chargesGo': 'Charges go to your {card}.',
  'agent.noCardYet': 'You have no saved card yet: add one below, then approve.',
  'agent.cardSaved': 'Your {card} is saved. Approve to let it be charged within these limits.',
  'agent.cardNotSaved': 'Your new card was not saved. Try again, or choose a saved card.',
  'agent.codeSentNotice': 'We sent you a code.',
  'agent.tryAnother': '{error}. Try another card.',
  'agent.goneHeading': 'This link no longer works',
  'agent.goneText': 'It has expired or has already been used. Ask for a new authorization link.',
  'agent.approved': 'Approved',
  'agent.declined': 'Declined',
  'agent.newLimitsApply': 'The new limits of “{name}” apply from now.',
  'agent.activeCharges':
    '“{name}” is active: charges within its limits can now be made to your {card}.',
  'agent.activePayments': '“{name}” is active: payments within its limits can now be made.',
  'agent.limitsStay': 'The current limits of “{name}” stay as they were.',
  'agent.wasDeclined': '“{name}” was declined: no payment can be made under it.',
  'agent.revokeAnyTime':
    'You can revoke it at any time on your revoke link, which we have also sent you. Keep it to yourself.',
  'agent.revokeLink': 'Your revoke link',
  'agent.errTypeFirst': 'Type the code we sent you first.',
  'agent.errNoOne': 'There is no one we can send the code to yet.',
  'agent.errChooseWhere': 'Choose where we send the code.',
  'agent.errChoose': 'Choose Approve or Decline.',
  'agent.errChooseCard': 'Choose the card to charge, or add a card first.',
  'agent.errNotYourCard':
    'That card is not one of your saved cards. Choose one of the cards below.',
  'agent.errChanged': 'This contract changed meanwhile. Open this link again and check it.',
  'agent.errMissing': 'Type the code we sent you to approve.',
  'agent.errNoneSent': 'Send yourself a code first: approving needs it.',
  'agent.errExpired': 'That code has expired. Send yourself a new one.',
  'agent.errLocked':
    'That code is not right, and {max} wrong codes lock this link: it can no longer approve.',
  'agent.errWrong': 'That code is not right. {left, plural, one {# try} other {# tries}} left.',
  'agent.notSentLocked': 'Too many wrong codes: this link can no longer approve.',
  'agent.notSentTooMany':
    'We have sent as many codes as we can for this link. Ask for a new authorization link.',
  'agent.notSentUndeliverable':
    'We cannot send the code at the moment, so this contract cannot be approved yet. Try again later.',
  'agent.revokeTitle': 'Revoke a spending contract',
  'agent.revokeHeading': 'Revoke “{name}”',
  'agent.revokeSend':
    "An agent of {business} may send payments from {business}'s account within these limits:",
  'agent.revokeCollect': '{business} may charge your card through its agent within these limits:',
  'agent.revokeWarning':
    'Revoking ends it at once: no payment can be made under it any more. Payments already made stay as they were. It cannot be undone.',
  'agent.revokeButton': 'Revoke this contract',
  'agent.revoked': 'Revoked',
  'agent.revokedText':
    '“{name}” is revoked: no payment can be made under it any more. Payments made before stay as they were.',
  'agent.revokedSince':
    '“{name}” is revoked since {when}: no payment can be made under it any more. Payments made before stay as they were.',
  'agent.contractIs':
    'This contract is {status, select, DECLINED {declined} EXPIRED {expired} PENDING_AUTHORIZATION {waiting for approval} other {active}}',
  'agent.noLongerUsed': '“{name}” can no longer be used: no payment can be made under it.',
  'agent.unknownHeading': 'This link does not work',
  'agent.unknownText':
    'It names no contract. Use the revoke link we sent you when the contract was approved.',
  'agent.limitPerPayment': 'At most {amount} in any one payment.',
  'agent.limitCalendar':
    'At most {amount} in total {period, select, DAY {each calendar day (from midnight UTC)} WEEK {each calendar week (Monday to Sunday, UTC)} FORTNIGHT {each calendar fortnight (two weeks from a Monday, UTC)} MONTH {each calendar month} HALF_YEAR {each half year (January to June, July to December)} other {each calendar year}}.',
  'agent.limitAnchored':
    'At most {amount} in total {period, select, DAY {each day} WEEK {each 7 days} FORTNIGHT {each 14 days} MONTH {each month} HALF_YEAR {each 6 months} other {each year}} counted from {from}.',
  'agent.validity': 'Valid from {from} until {to}; no payment outside that time.',
  'agent.when': '{date} UTC',
  'mail.approveSubject': '{business}: your code to approve “{name}”',
  'mail.approveSend':
    "Your code to approve “{name}”, which lets {agent}, an agent, send payments from {business}'s account within the limits shown on the approval page, is:\n\n{code}\n\nType it on {url} if you agree. It works once, for 10 minutes. Give it to no one, the agent included: with it, anyone holding the link could approve. If you did not expect this, ignore it.",
  'mail.approveCollect':
    'Your code to approve “{name}”, which lets {business} charge your card through its agent {agent} within the limits shown on the approval page, is:\n\n{code}\n\nType it on {url} if you agree. It works once, for 10 minutes. Give it to no one, the agent included: with it, anyone holding the link could approve. If you did not expect this, ignore it.',
  'mail.approveSms':
    '{code} is your code to approve “{name}” for {business}. It works once, for 10 minutes. Give it to no one, the agent included.',
  'mail.revokeSubject': '{business}: “{name}” is active; how to revoke it',
  'mail.revokeEmail':
    '“{name}”, which you approved, is now active. To revoke it at any time, open {url}\n\nKeep this link to yourself: it is the only one, and whoever holds it can revoke the contract (it cannot move money).',
  'mail.revokeSms': '“{name}” is active. Revoke it at any time: {url}',
  'mail.payCodeSubject': '{shop}: your code to pay with a saved card',
  'mail.payCodeEmail':
    'Hello {name},\n\nYour code to pay {amount} to {shop} with a card you saved is {code}.\n\nIt works once and expires in {minutes, plural, one {# minute} other {# minutes}}. If you did not ask for it, ignore this email: nobody can pay with your saved cards without it.',
  'mail.payCodeSms':
    '{shop}: {code} is your code to pay {amount} with a saved card. It expires in {minutes, plural, one {# minute} other {# minutes}}. Did not ask? Ignore this message.',
  'mail.saveCardSubject': '{shop}: save your card',
  'mail.saveCardEmail':
    'Hello {name},\n\n{shop} asks you to save a card for future payments. No money is taken now.\n\nSave your card: {url}\n\nThe link works once and expires in 24 hours.',
  'mail.questions': 'Questions: {contact}',
  'mail.saveCardSms': '{shop}: save your card for future payments (no money is taken now): {url}',
} as const;

export type AgentMessageKey = keyof typeof enAgent;
export type AgentMessages = Record<AgentMessageKey, string>;
