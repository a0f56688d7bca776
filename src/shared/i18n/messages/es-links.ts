/** Spanish: the card-saving and account-linking pages (en-links.ts has the English). */
import type { LinkMessages } from './en-links';

export const esLinks: LinkMessages = {
  'link.cancel': 'Cancelar',
  'link.notFoundTitle': 'Enlace no encontrado',
  'link.usedTitle': 'Enlace ya usado',
  'link.expiredTitle': 'Enlace caducado',
  'link.usedHeading': 'Este enlace ya se ha usado',
  'link.expiredHeading': 'Este enlace ha caducado',
  'saveCard.title': 'Guardar una tarjeta',
  'saveCard.heading': 'Guardar una tarjeta para {shop}',
  'saveCard.note': 'Tu tarjeta se guarda para futuros pagos a {shop}. Ahora no se cobra nada.',
  'saveCard.submit': 'Guardar tarjeta',
  'saveCard.theShop': 'la tienda',
  'saveCard.challengeHeading': '3D Secure: confirma que eres tú',
  'saveCard.challengeLine':
    'Tu banco te pide que confirmes que guardas tu tarjeta {brand} terminada en {last4}. Este es el emisor de pruebas: elige cómo termina la comprobación.',
  'saveCard.returnToShop': 'Volver a la tienda',
  'saveCard.notFoundHeading': 'Este enlace no funciona',
  'saveCard.notFoundLine': 'Comprueba el enlace o pide uno nuevo a la tienda.',
  'saveCard.usedSavedLine':
    'Tu tarjeta se guardó. Pide a la tienda un enlace nuevo para guardar otra tarjeta.',
  'saveCard.usedFailedLine':
    'No se guardó ninguna tarjeta con él. Pide a la tienda un enlace nuevo.',
  'saveCard.expiredLine': 'No se guardó ninguna tarjeta. Pide a la tienda un enlace nuevo.',
  'saveCard.notSavedTitle': 'Tarjeta no guardada',
  'saveCard.notSavedHeading': 'Tu tarjeta no se ha guardado',
  'saveCard.cancelled': 'Has cancelado el guardado de la tarjeta',
  'saveCard.declined': 'La tarjeta fue rechazada ({reason})',
  'saveCard.savedTitle': 'Tarjeta guardada',
  'saveCard.savedHeading': 'Tu tarjeta está guardada',
  'saveCard.savedLine':
    'Tu tarjeta {brand} terminada en {last4} está guardada para futuros pagos a {shop}.',
  'saveCard.footer': 'Página de tarjetas segura · Counter',
  'bankLink.title': 'Vincula tu cuenta bancaria',
  'bankLink.chooseHint': 'Elige tu banco. Iniciarás sesión en él y elegirás qué compartir.',
  'bankLink.signInTitle': 'Inicia sesión en {bank}',
  'bankLink.signInHint':
    'Entorno de pruebas: cualquier usuario y cualquier contraseña inician sesión.',
  'bankLink.userName': 'Nombre de usuario',
  'bankLink.password': 'Contraseña',
  'bankLink.signIn': 'Iniciar sesión',
  'bankLink.errSignIn': 'Introduce tu nombre de usuario y tu contraseña.',
  'bankLink.shareTitle': 'Comparte tus cuentas',
  'bankLink.shareHeading': '¿Compartir tus cuentas con {app}?',
  'bankLink.shareLine':
    '{bank} permitirá a {app} leer los datos y movimientos de estas cuentas en nombre de {merchant}, hasta que lo revoques:',
  'bankLink.deny': 'No permitir',
  'bankLink.allow': 'Permitir',
  'bankLink.thisMerchant': 'este comercio',
  'bankLink.endedHeading': 'Este enlace no se puede usar',
  'bankLink.noSuchLink': 'No existe este enlace de vinculación.',
  'bankLink.used': 'Este enlace ya se ha usado.',
  'bankLink.expired': 'Este enlace ha caducado.',
  'bankLink.startAgain': 'Vuelve a empezar desde la aplicación que te envió aquí.',
  'bankLink.footer': 'Vinculación de cuentas segura · Counter',
};
