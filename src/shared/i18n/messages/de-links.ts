/** German: the card-saving and account-linking pages (en-links.ts has the English). */
import type { LinkMessages } from './en-links';

export const deLinks: LinkMessages = {
  'link.cancel': 'Abbrechen',
  'link.notFoundTitle': 'Link nicht gefunden',
  'link.usedTitle': 'Link bereits verwendet',
  'link.expiredTitle': 'Link abgelaufen',
  'link.usedHeading': 'Dieser Link wurde bereits verwendet',
  'link.expiredHeading': 'Dieser Link ist abgelaufen',
  'saveCard.title': 'Karte speichern',
  'saveCard.heading': 'Karte für {shop} speichern',
  'saveCard.note':
    'Ihre Karte wird für künftige Zahlungen an {shop} gespeichert. Jetzt wird kein Geld abgebucht.',
  'saveCard.submit': 'Karte speichern',
  'saveCard.theShop': 'das Geschäft',
  'saveCard.challengeHeading': '3D Secure: Bestätigen Sie, dass Sie es sind',
  'saveCard.challengeLine':
    'Ihre Bank bittet Sie zu bestätigen, dass Sie Ihre {brand}-Karte mit der Endung {last4} speichern. Dies ist der Sandbox-Kartenaussteller: Wählen Sie, wie die Prüfung endet.',
  'saveCard.returnToShop': 'Zurück zum Geschäft',
  'saveCard.notFoundHeading': 'Dieser Link funktioniert nicht',
  'saveCard.notFoundLine': 'Prüfen Sie den Link oder bitten Sie das Geschäft um einen neuen.',
  'saveCard.usedSavedLine':
    'Ihre Karte wurde gespeichert. Bitten Sie das Geschäft um einen neuen Link, um eine weitere Karte zu speichern.',
  'saveCard.usedFailedLine':
    'Damit wurde keine Karte gespeichert. Bitten Sie das Geschäft um einen neuen Link.',
  'saveCard.expiredLine':
    'Es wurde keine Karte gespeichert. Bitten Sie das Geschäft um einen neuen Link.',
  'saveCard.notSavedTitle': 'Karte nicht gespeichert',
  'saveCard.notSavedHeading': 'Ihre Karte wurde nicht gespeichert',
  'saveCard.cancelled': 'Sie haben das Speichern der Karte abgebrochen',
  'saveCard.declined': 'Die Karte wurde abgelehnt ({reason})',
  'saveCard.savedTitle': 'Karte gespeichert',
  'saveCard.savedHeading': 'Ihre Karte ist gespeichert',
  'saveCard.savedLine':
    'Ihre {brand}-Karte mit der Endung {last4} ist für künftige Zahlungen an {shop} gespeichert.',
  'saveCard.footer': 'Sichere Kartenseite · Counter',
  'bankLink.title': 'Bankkonto verknüpfen',
  'bankLink.chooseHint':
    'Wählen Sie Ihre Bank. Sie melden sich dort an und wählen, was Sie teilen.',
  'bankLink.signInTitle': 'Bei {bank} anmelden',
  'bankLink.signInHint': 'Sandbox: Jeder Benutzername und jedes Passwort funktioniert.',
  'bankLink.userName': 'Benutzername',
  'bankLink.password': 'Passwort',
  'bankLink.signIn': 'Anmelden',
  'bankLink.errSignIn': 'Geben Sie Ihren Benutzernamen und Ihr Passwort ein.',
  'bankLink.shareTitle': 'Konten teilen',
  'bankLink.shareHeading': 'Ihre Konten mit {app} teilen?',
  'bankLink.shareLine':
    '{bank} erlaubt {app}, die Angaben und Umsätze dieser Konten im Namen von {merchant} zu lesen, bis Sie dies widerrufen:',
  'bankLink.deny': 'Nicht erlauben',
  'bankLink.allow': 'Erlauben',
  'bankLink.thisMerchant': 'diesem Händler',
  'bankLink.endedHeading': 'Dieser Link kann nicht verwendet werden',
  'bankLink.noSuchLink': 'Diesen Verknüpfungslink gibt es nicht.',
  'bankLink.used': 'Dieser Link wurde bereits verwendet.',
  'bankLink.expired': 'Dieser Link ist abgelaufen.',
  'bankLink.startAgain': 'Beginnen Sie erneut in der App, die Sie hierher geschickt hat.',
  'bankLink.footer': 'Sichere Kontoverknüpfung · Counter',
};
