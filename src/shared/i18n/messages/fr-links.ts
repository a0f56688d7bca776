/** French: the card-saving and account-linking pages (en-links.ts has the English). */
import type { LinkMessages } from './en-links';

export const frLinks: LinkMessages = {
  'link.cancel': 'Annuler',
  'link.notFoundTitle': 'Lien introuvable',
  'link.usedTitle': 'Lien déjà utilisé',
  'link.expiredTitle': 'Lien expiré',
  'link.usedHeading': 'Ce lien a déjà été utilisé',
  'link.expiredHeading': 'Ce lien a expiré',
  'saveCard.title': 'Enregistrer une carte',
  'saveCard.heading': 'Enregistrer une carte pour {shop}',
  'saveCard.note':
    'Votre carte est conservée pour vos prochains paiements à {shop}. Aucun montant n’est débité maintenant.',
  'saveCard.submit': 'Enregistrer la carte',
  'saveCard.theShop': 'la boutique',
  'saveCard.challengeHeading': '3D Secure : confirmez qu’il s’agit bien de vous',
  'saveCard.challengeLine':
    'Votre banque vous demande de confirmer l’enregistrement de votre carte {brand} se terminant par {last4}. Ceci est l’émetteur de test : choisissez comment la vérification se termine.',
  'saveCard.returnToShop': 'Revenir à la boutique',
  'saveCard.notFoundHeading': 'Ce lien ne fonctionne pas',
  'saveCard.notFoundLine': 'Vérifiez le lien ou demandez-en un nouveau à la boutique.',
  'saveCard.usedSavedLine':
    'Votre carte a été enregistrée. Demandez un nouveau lien à la boutique pour enregistrer une autre carte.',
  'saveCard.usedFailedLine':
    'Aucune carte n’a été enregistrée avec ce lien. Demandez-en un nouveau à la boutique.',
  'saveCard.expiredLine':
    'Aucune carte n’a été enregistrée. Demandez un nouveau lien à la boutique.',
  'saveCard.notSavedTitle': 'Carte non enregistrée',
  'saveCard.notSavedHeading': 'Votre carte n’a pas été enregistrée',
  'saveCard.cancelled': 'Vous avez annulé l’enregistrement de la carte',
  'saveCard.declined': 'La carte a été refusée ({reason})',
  'saveCard.savedTitle': 'Carte enregistrée',
  'saveCard.savedHeading': 'Votre carte est enregistrée',
  'saveCard.savedLine':
    'Votre carte {brand} se terminant par {last4} est enregistrée pour vos prochains paiements à {shop}.',
  'saveCard.footer': 'Page de carte sécurisée · Counter',
  'bankLink.title': 'Associer votre compte bancaire',
  'bankLink.chooseHint':
    'Choisissez votre banque. Vous vous y connecterez et choisirez ce que vous partagez.',
  'bankLink.signInTitle': 'Connexion à {bank}',
  'bankLink.signInHint':
    'Bac à sable : n’importe quel identifiant et n’importe quel mot de passe fonctionnent.',
  'bankLink.userName': 'Identifiant',
  'bankLink.password': 'Mot de passe',
  'bankLink.signIn': 'Se connecter',
  'bankLink.errSignIn': 'Saisissez votre identifiant et votre mot de passe.',
  'bankLink.shareTitle': 'Partager vos comptes',
  'bankLink.shareHeading': 'Partager vos comptes avec {app} ?',
  'bankLink.shareLine':
    '{bank} autorisera {app} à lire les informations et les opérations de ces comptes pour le compte de {merchant}, jusqu’à ce que vous révoquiez cet accès :',
  'bankLink.deny': 'Ne pas autoriser',
  'bankLink.allow': 'Autoriser',
  'bankLink.thisMerchant': 'ce commerçant',
  'bankLink.endedHeading': 'Ce lien ne peut pas être utilisé',
  'bankLink.noSuchLink': 'Ce lien d’association n’existe pas.',
  'bankLink.used': 'Ce lien a déjà été utilisé.',
  'bankLink.expired': 'Ce lien a expiré.',
  'bankLink.startAgain': 'Recommencez depuis l’application qui vous a envoyé ici.',
  'bankLink.footer': 'Association de compte sécurisée · Counter',
};
