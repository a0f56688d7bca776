/** Spanish: Agent Pay's pages and the messages sent to customers (en-agent.ts has the English). */
import type { AgentMessages } from './en-agent';

export const esAgent: AgentMessages = {
  'agent.titleApprove': 'Aprobar un contrato de gasto',
  'agent.titleUpdate': 'Aprobar los nuevos límites',
  'agent.headingApprove': 'Aprobar «{name}»',
  'agent.headingUpdate': 'Nuevos límites para «{name}»',
  'agent.whoSend':
    '{agent}, un agente de {business}, pide enviar pagos desde la cuenta de {business}.',
  'agent.whoCollect':
    '{business} pide cargar tu tarjeta, a través de su agente {agent}, sin que estés presente cada vez.',
  'agent.now': 'Ahora',
  'agent.ifApprove': 'Si apruebas',
  'agent.theLimits': 'Los límites',
  'agent.decision': 'Tu decisión',
  'agent.codeConfirmed': 'Tu código está confirmado.',
  'agent.worksUntil': 'Este enlace funciona hasta el {when}.',
  'agent.addNewCard': 'O añade una tarjeta nueva',
  'agent.addCard': 'Añadir una tarjeta',
  'agent.addCardNote':
    'Tu banco te pedirá que confirmes la tarjeta (3D Secure). Ahora no se cobra nada.',
  'agent.addCardSubmit': 'Añadir tarjeta',
  'agent.cardToCharge': 'La tarjeta que se cargará',
  'agent.card': 'tarjeta {brand} terminada en {last4}, caduca {expiry}',
  'agent.noOneSend':
    'Nadie puede aprobar este contrato todavía: {business} no ha indicado quién aprueba el gasto de sus agentes. {business} añade a sus aprobadores en los Ajustes de su panel (aprobadores de Agent Pay); después abre este enlace de nuevo. Puedes rechazarlo ahora.',
  'agent.noOneCollect':
    '{business} no tiene tu correo electrónico ni tu teléfono, así que no podemos enviarte el código que necesita la aprobación. Pide a {business} que añada uno a tus datos y después abre este enlace de nuevo. Puedes rechazarlo ahora.',
  'agent.locked':
    'Demasiados códigos incorrectos: este enlace ya no puede aprobar. Aún puedes rechazar; pide un nuevo enlace de autorización para aprobar.',
  'agent.typeCodeSent': 'Escribe abajo el código que enviamos a {to}. Funciona durante 10 minutos.',
  'agent.weSendOne':
    'Para aprobar, enviamos un código de un solo uso a {to}. Solo tú debes verlo: no se lo pases a nadie.',
  'agent.weSendChoose':
    'Para aprobar, enviamos un código de un solo uso a uno de estos. Elige el tuyo; solo tú debes ver el código: no se lo pases a nadie.',
  'agent.sendTo': 'Enviar el código a',
  'agent.sendNew': 'Enviar un código nuevo',
  'agent.sendMe': 'Envíame un código',
  'agent.codeLabel': 'El código que te enviamos',
  'agent.continue': 'Continuar',
  'agent.approve': 'Aprobar',
  'agent.decline': 'Rechazar',
  'agent.chargesGo': 'Los cargos van a tu {card}.',
  'agent.noCardYet': 'Aún no tienes ninguna tarjeta guardada: añade una abajo y después aprueba.',
  'agent.cardSaved':
    'Tu {card} está guardada. Aprueba para que se pueda cargar dentro de estos límites.',
  'agent.cardNotSaved':
    'Tu nueva tarjeta no se guardó. Inténtalo de nuevo o elige una tarjeta guardada.',
  'agent.codeSentNotice': 'Te hemos enviado un código.',
  'agent.tryAnother': '{error}. Prueba con otra tarjeta.',
  'agent.goneHeading': 'Este enlace ya no funciona',
  'agent.goneText': 'Ha caducado o ya se ha usado. Pide un nuevo enlace de autorización.',
  'agent.approved': 'Aprobado',
  'agent.declined': 'Rechazado',
  'agent.newLimitsApply': 'Los nuevos límites de «{name}» se aplican desde ahora.',
  'agent.activeCharges':
    '«{name}» está activo: ya se pueden hacer cargos dentro de sus límites a tu {card}.',
  'agent.activePayments': '«{name}» está activo: ya se pueden hacer pagos dentro de sus límites.',
  'agent.limitsStay': 'Los límites actuales de «{name}» siguen como estaban.',
  'agent.wasDeclined': '«{name}» se rechazó: no se puede hacer ningún pago con él.',
  'agent.revokeAnyTime':
    'Puedes revocarlo en cualquier momento con tu enlace de revocación, que también te hemos enviado. Guárdalo para ti.',
  'agent.revokeLink': 'Tu enlace de revocación',
  'agent.errTypeFirst': 'Escribe primero el código que te enviamos.',
  'agent.errNoOne': 'Todavía no hay nadie a quien podamos enviar el código.',
  'agent.errChooseWhere': 'Elige adónde enviamos el código.',
  'agent.errChoose': 'Elige Aprobar o Rechazar.',
  'agent.errChooseCard': 'Elige la tarjeta que se cargará o añade primero una tarjeta.',
  'agent.errNotYourCard':
    'Esa tarjeta no es una de tus tarjetas guardadas. Elige una de las tarjetas de abajo.',
  'agent.errChanged':
    'Este contrato ha cambiado mientras tanto. Abre este enlace de nuevo y revísalo.',
  'agent.errMissing': 'Escribe el código que te enviamos para aprobar.',
  'agent.errNoneSent': 'Envíate primero un código: la aprobación lo necesita.',
  'agent.errExpired': 'Ese código ha caducado. Envíate uno nuevo.',
  'agent.errLocked':
    'Ese código no es correcto, y {max} códigos incorrectos bloquean este enlace: ya no puede aprobar.',
  'agent.errWrong':
    'Ese código no es correcto. {left, plural, one {Queda # intento} many {Quedan # intentos} other {Quedan # intentos}}.',
  'agent.notSentLocked': 'Demasiados códigos incorrectos: este enlace ya no puede aprobar.',
  'agent.notSentTooMany':
    'Hemos enviado todos los códigos que podemos para este enlace. Pide un nuevo enlace de autorización.',
  'agent.notSentUndeliverable':
    'Ahora no podemos enviar el código, así que este contrato no se puede aprobar todavía. Inténtalo más tarde.',
  'agent.revokeTitle': 'Revocar un contrato de gasto',
  'agent.revokeHeading': 'Revocar «{name}»',
  'agent.revokeSend':
    'Un agente de {business} puede enviar pagos desde la cuenta de {business} dentro de estos límites:',
  'agent.revokeCollect':
    '{business} puede cargar tu tarjeta a través de su agente dentro de estos límites:',
  'agent.revokeWarning':
    'Revocarlo lo termina al momento: ya no se podrá hacer ningún pago con él. Los pagos ya hechos siguen como estaban. No se puede deshacer.',
  'agent.revokeButton': 'Revocar este contrato',
  'agent.revoked': 'Revocado',
  'agent.revokedText':
    '«{name}» está revocado: ya no se puede hacer ningún pago con él. Los pagos anteriores siguen como estaban.',
  'agent.revokedSince':
    '«{name}» está revocado desde el {when}: ya no se puede hacer ningún pago con él. Los pagos anteriores siguen como estaban.',
  'agent.contractIs':
    'Este contrato está {status, select, DECLINED {rechazado} EXPIRED {caducado} PENDING_AUTHORIZATION {pendiente de aprobación} other {activo}}',
  'agent.noLongerUsed': '«{name}» ya no se puede usar: no se puede hacer ningún pago con él.',
  'agent.unknownHeading': 'Este enlace no funciona',
  'agent.unknownText':
    'No corresponde a ningún contrato. Usa el enlace de revocación que te enviamos cuando se aprobó el contrato.',
  'agent.limitPerPayment': 'Como máximo {amount} en un solo pago.',
  'agent.limitCalendar':
    'Como máximo {amount} en total {period, select, DAY {cada día natural (desde la medianoche UTC)} WEEK {cada semana natural (de lunes a domingo, UTC)} FORTNIGHT {cada quincena natural (dos semanas desde un lunes, UTC)} MONTH {cada mes natural} HALF_YEAR {cada semestre (de enero a junio, de julio a diciembre)} other {cada año natural}}.',
  'agent.limitAnchored':
    'Como máximo {amount} en total {period, select, DAY {cada día} WEEK {cada 7 días} FORTNIGHT {cada 14 días} MONTH {cada mes} HALF_YEAR {cada 6 meses} other {cada año}} contados desde el {from}.',
  'agent.validity': 'Válido desde el {from} hasta el {to}; ningún pago fuera de ese plazo.',
  'agent.when': '{date} UTC',
  'mail.approveSubject': '{business}: tu código para aprobar «{name}»',
  'mail.approveSend':
    'Tu código para aprobar «{name}», que permite a {agent}, un agente, enviar pagos desde la cuenta de {business} dentro de los límites que muestra la página de aprobación, es:\n\n{code}\n\nEscríbelo en {url} si estás de acuerdo. Funciona una vez, durante 10 minutos. No se lo des a nadie, tampoco al agente: con él, cualquiera que tenga el enlace podría aprobar. Si no lo esperabas, ignóralo.',
  'mail.approveCollect':
    'Tu código para aprobar «{name}», que permite a {business} cargar tu tarjeta a través de su agente {agent} dentro de los límites que muestra la página de aprobación, es:\n\n{code}\n\nEscríbelo en {url} si estás de acuerdo. Funciona una vez, durante 10 minutos. No se lo des a nadie, tampoco al agente: con él, cualquiera que tenga el enlace podría aprobar. Si no lo esperabas, ignóralo.',
  'mail.approveSms':
    '{code} es tu código para aprobar «{name}» de {business}. Funciona una vez, durante 10 minutos. No se lo des a nadie, tampoco al agente.',
  'mail.revokeSubject': '{business}: «{name}» está activo; cómo revocarlo',
  'mail.revokeEmail':
    '«{name}», que aprobaste, ya está activo. Para revocarlo en cualquier momento, abre {url}\n\nGuarda este enlace para ti: es el único, y quien lo tenga puede revocar el contrato (no puede mover dinero).',
  'mail.revokeSms': '«{name}» está activo. Revócalo en cualquier momento: {url}',
  'mail.payCodeSubject': '{shop}: tu código para pagar con una tarjeta guardada',
  'mail.payCodeEmail':
    'Hola, {name}:\n\nTu código para pagar {amount} a {shop} con una tarjeta que guardaste es {code}.\n\nFunciona una vez y caduca en {minutes, plural, one {# minuto} many {# minutos} other {# minutos}}. Si no lo has pedido, ignora este correo: nadie puede pagar con tus tarjetas guardadas sin él.',
  'mail.payCodeSms':
    '{shop}: {code} es tu código para pagar {amount} con una tarjeta guardada. Caduca en {minutes, plural, one {# minuto} many {# minutos} other {# minutos}}. ¿No lo has pedido? Ignora este mensaje.',
  'mail.saveCardSubject': '{shop}: guarda tu tarjeta',
  'mail.saveCardEmail':
    'Hola, {name}:\n\n{shop} te pide que guardes una tarjeta para pagos futuros. Ahora no se cobra nada.\n\nGuarda tu tarjeta: {url}\n\nEl enlace funciona una vez y caduca en 24 horas.',
  'mail.questions': 'Preguntas: {contact}',
  'mail.saveCardSms':
    '{shop}: guarda tu tarjeta para pagos futuros (ahora no se cobra nada): {url}',
};
