/** Welsh: the card-saving and account-linking pages (en-links.ts has the English). */
import type { LinkMessages } from './en-links';

export const cyLinks: LinkMessages = {
  'link.cancel': 'Canslo',
  'link.notFoundTitle': 'Heb ddod o hyd i’r ddolen',
  'link.usedTitle': 'Mae’r ddolen wedi’i defnyddio',
  'link.expiredTitle': 'Mae’r ddolen wedi dod i ben',
  'link.usedHeading': 'Mae’r ddolen hon eisoes wedi’i defnyddio',
  'link.expiredHeading': 'Mae’r ddolen hon wedi dod i ben',
  'saveCard.title': 'Cadw cerdyn',
  'saveCard.heading': 'Cadw cerdyn ar gyfer {shop}',
  'saveCard.note':
    'Caiff eich cerdyn ei gadw ar gyfer taliadau i {shop} yn y dyfodol. Ni chymerir unrhyw arian nawr.',
  'saveCard.submit': 'Cadw’r cerdyn',
  'saveCard.theShop': 'y siop',
  'saveCard.challengeHeading': '3D Secure: cadarnhewch mai chi sydd yno',
  'saveCard.challengeLine':
    'Mae eich banc yn gofyn i chi gadarnhau cadw eich cerdyn {brand} sy’n gorffen â {last4}. Dyma’r cyhoeddwr blwch tywod: dewiswch sut mae’r gwiriad yn gorffen.',
  'saveCard.returnToShop': 'Yn ôl i’r siop',
  'saveCard.notFoundHeading': 'Nid yw’r ddolen hon yn gweithio',
  'saveCard.notFoundLine': 'Gwiriwch y ddolen, neu gofynnwch i’r siop am un newydd.',
  'saveCard.usedSavedLine':
    'Cafodd eich cerdyn ei gadw. Gofynnwch i’r siop am ddolen newydd i gadw cerdyn arall.',
  'saveCard.usedFailedLine':
    'Ni chadwyd unrhyw gerdyn gyda hi. Gofynnwch i’r siop am ddolen newydd.',
  'saveCard.expiredLine': 'Ni chadwyd unrhyw gerdyn. Gofynnwch i’r siop am ddolen newydd.',
  'saveCard.notSavedTitle': 'Ni chadwyd y cerdyn',
  'saveCard.notSavedHeading': 'Ni chafodd eich cerdyn ei gadw',
  'saveCard.cancelled': 'Fe wnaethoch ganslo cadw’r cerdyn',
  'saveCard.declined': 'Gwrthodwyd y cerdyn ({reason})',
  'saveCard.savedTitle': 'Cerdyn wedi’i gadw',
  'saveCard.savedHeading': 'Mae eich cerdyn wedi’i gadw',
  'saveCard.savedLine':
    'Mae eich cerdyn {brand} sy’n gorffen â {last4} wedi’i gadw ar gyfer taliadau i {shop} yn y dyfodol.',
  'saveCard.footer': 'Tudalen gardiau ddiogel · Counter',
  'bankLink.title': 'Cysylltu eich cyfrif banc',
  'bankLink.chooseHint':
    'Dewiswch eich banc. Byddwch yn mewngofnodi gydag ef ac yn dewis beth i’w rannu.',
  'bankLink.signInTitle': 'Mewngofnodi i {bank}',
  'bankLink.signInHint':
    'Blwch tywod: mae unrhyw enw defnyddiwr ac unrhyw gyfrinair yn mewngofnodi.',
  'bankLink.userName': 'Enw defnyddiwr',
  'bankLink.password': 'Cyfrinair',
  'bankLink.signIn': 'Mewngofnodi',
  'bankLink.errSignIn': 'Rhowch eich enw defnyddiwr a’ch cyfrinair.',
  'bankLink.shareTitle': 'Rhannu eich cyfrifon',
  'bankLink.shareHeading': 'Rhannu eich cyfrifon gyda {app}?',
  'bankLink.shareLine':
    'Bydd {bank} yn gadael i {app} ddarllen manylion a thrafodion y cyfrifon hyn ar ran {merchant}, nes i chi ei ddirymu:',
  'bankLink.deny': 'Peidio â chaniatáu',
  'bankLink.allow': 'Caniatáu',
  'bankLink.thisMerchant': 'y masnachwr hwn',
  'bankLink.endedHeading': 'Ni ellir defnyddio’r ddolen hon',
  'bankLink.noSuchLink': 'Nid oes dolen gysylltu o’r fath.',
  'bankLink.used': 'Mae’r ddolen hon eisoes wedi’i defnyddio.',
  'bankLink.expired': 'Mae’r ddolen hon wedi dod i ben.',
  'bankLink.startAgain': 'Dechreuwch eto o’r ap a’ch anfonodd yma.',
  'bankLink.footer': 'Cysylltu cyfrif yn ddiogel · Counter',
};
