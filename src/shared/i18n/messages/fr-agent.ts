/** French: Agent Pay's pages and the messages sent to customers (en-agent.ts has the English). */
import type { AgentMessages } from './en-agent';

export const frAgent: AgentMessages = {
  'agent.titleApprove': 'Approuver un contrat de dépenses',
  'agent.titleUpdate': 'Approuver les nouvelles limites',
  'agent.headingApprove': 'Approuver « {name} »',
  'agent.headingUpdate': 'Nouvelles limites pour « {name} »',
  'agent.whoSend':
    '{agent}, un agent de {business}, demande à envoyer des paiements depuis le compte de {business}.',
  'agent.whoCollect':
    '{business} demande à débiter votre carte, par son agent {agent}, sans que vous soyez présent à chaque fois.',
  'agent.now': 'Actuellement',
  'agent.ifApprove': 'Si vous approuvez',
  'agent.theLimits': 'Les limites',
  'agent.decision': 'Votre décision',
  'agent.codeConfirmed': 'Votre code est confirmé.',
  'agent.worksUntil': 'Ce lien fonctionne jusqu’au {when}.',
  'agent.addNewCard': 'Ou ajoutez une nouvelle carte',
  'agent.addCard': 'Ajouter une carte',
  'agent.addCardNote':
    'Votre banque vous demande de confirmer la carte (3D Secure). Aucun montant n’est prélevé maintenant.',
  'agent.addCardSubmit': 'Ajouter la carte',
  'agent.cardToCharge': 'La carte à débiter',
  'agent.card': 'carte {brand} se terminant par {last4}, expire {expiry}',
  'agent.noOneSend':
    'Personne ne peut encore approuver ce contrat : {business} n’a pas désigné qui approuve les dépenses de ses agents. {business} ajoute ses approbateurs dans les Paramètres de son tableau de bord (approbateurs Agent Pay) ; ouvrez ensuite ce lien à nouveau. Vous pouvez le refuser maintenant.',
  'agent.noOneCollect':
    '{business} n’a ni adresse e-mail ni numéro de téléphone pour vous : nous ne pouvons donc pas vous envoyer le code nécessaire à l’approbation. Demandez à {business} d’en ajouter un à vos coordonnées, puis ouvrez ce lien à nouveau. Vous pouvez le refuser maintenant.',
  'agent.locked':
    'Trop de codes erronés : ce lien ne peut plus approuver. Vous pouvez encore refuser ; demandez un nouveau lien d’autorisation pour approuver.',
  'agent.typeCodeSent': 'Saisissez ci-dessous le code envoyé à {to}. Il est valable 10 minutes.',
  'agent.weSendOne':
    'Pour approuver, nous envoyons un code à usage unique à {to}. Vous seul devez le voir : ne le transmettez pas.',
  'agent.weSendChoose':
    'Pour approuver, nous envoyons un code à usage unique à l’un de ces contacts. Choisissez le vôtre ; vous seul devez voir le code : ne le transmettez pas.',
  'agent.sendTo': 'Envoyer le code à',
  'agent.sendNew': 'Envoyer un nouveau code',
  'agent.sendMe': 'M’envoyer un code',
  'agent.codeLabel': 'Le code que nous vous avons envoyé',
  'agent.continue': 'Continuer',
  'agent.approve': 'Approuver',
  'agent.decline': 'Refuser',
  'agent.chargesGo': 'Les débits se font sur votre {card}.',
  'agent.noCardYet':
    'Vous n’avez pas encore de carte enregistrée : ajoutez-en une ci-dessous, puis approuvez.',
  'agent.cardSaved':
    'Votre {card} est enregistrée. Approuvez pour qu’elle puisse être débitée dans ces limites.',
  'agent.cardNotSaved':
    'Votre nouvelle carte n’a pas été enregistrée. Réessayez ou choisissez une carte enregistrée.',
  'agent.codeSentNotice': 'Nous vous avons envoyé un code.',
  'agent.tryAnother': '{error}. Essayez une autre carte.',
  'agent.goneHeading': 'Ce lien ne fonctionne plus',
  'agent.goneText': 'Il a expiré ou a déjà été utilisé. Demandez un nouveau lien d’autorisation.',
  'agent.approved': 'Approuvé',
  'agent.declined': 'Refusé',
  'agent.newLimitsApply': 'Les nouvelles limites de « {name} » s’appliquent dès maintenant.',
  'agent.activeCharges':
    '« {name} » est actif : des débits dans ses limites peuvent désormais être faits sur votre {card}.',
  'agent.activePayments':
    '« {name} » est actif : des paiements dans ses limites peuvent désormais être faits.',
  'agent.limitsStay': 'Les limites actuelles de « {name} » restent inchangées.',
  'agent.wasDeclined': '« {name} » a été refusé : aucun paiement ne peut être fait à ce titre.',
  'agent.revokeAnyTime':
    'Vous pouvez le révoquer à tout moment avec votre lien de révocation, que nous vous avons aussi envoyé. Gardez-le pour vous.',
  'agent.revokeLink': 'Votre lien de révocation',
  'agent.errTypeFirst': 'Saisissez d’abord le code que nous vous avons envoyé.',
  'agent.errNoOne': 'Il n’y a encore personne à qui envoyer le code.',
  'agent.errChooseWhere': 'Choisissez où nous envoyons le code.',
  'agent.errChoose': 'Choisissez Approuver ou Refuser.',
  'agent.errChooseCard': 'Choisissez la carte à débiter, ou ajoutez d’abord une carte.',
  'agent.errNotYourCard':
    'Cette carte ne fait pas partie de vos cartes enregistrées. Choisissez l’une des cartes ci-dessous.',
  'agent.errChanged': 'Ce contrat a changé entre-temps. Ouvrez ce lien à nouveau et vérifiez-le.',
  'agent.errMissing': 'Saisissez le code que nous vous avons envoyé pour approuver.',
  'agent.errNoneSent': 'Envoyez-vous d’abord un code : l’approbation en a besoin.',
  'agent.errExpired': 'Ce code a expiré. Envoyez-vous-en un nouveau.',
  'agent.errLocked':
    'Ce code n’est pas le bon, et {max} codes erronés verrouillent ce lien : il ne peut plus approuver.',
  'agent.errWrong':
    'Ce code n’est pas le bon. {left, plural, one {Il reste # essai} many {Il reste # essais} other {Il reste # essais}}.',
  'agent.notSentLocked': 'Trop de codes erronés : ce lien ne peut plus approuver.',
  'agent.notSentTooMany':
    'Nous avons envoyé autant de codes que possible pour ce lien. Demandez un nouveau lien d’autorisation.',
  'agent.notSentUndeliverable':
    'Nous ne pouvons pas envoyer le code pour le moment : ce contrat ne peut donc pas encore être approuvé. Réessayez plus tard.',
  'agent.revokeTitle': 'Révoquer un contrat de dépenses',
  'agent.revokeHeading': 'Révoquer « {name} »',
  'agent.revokeSend':
    'Un agent de {business} peut envoyer des paiements depuis le compte de {business} dans ces limites :',
  'agent.revokeCollect': '{business} peut débiter votre carte par son agent dans ces limites :',
  'agent.revokeWarning':
    'La révocation y met fin immédiatement : plus aucun paiement ne pourra être fait à ce titre. Les paiements déjà faits restent inchangés. C’est définitif.',
  'agent.revokeButton': 'Révoquer ce contrat',
  'agent.revoked': 'Révoqué',
  'agent.revokedText':
    '« {name} » est révoqué : plus aucun paiement ne peut être fait à ce titre. Les paiements antérieurs restent inchangés.',
  'agent.revokedSince':
    '« {name} » est révoqué depuis le {when} : plus aucun paiement ne peut être fait à ce titre. Les paiements antérieurs restent inchangés.',
  'agent.contractIs':
    'Ce contrat est {status, select, DECLINED {refusé} EXPIRED {expiré} PENDING_AUTHORIZATION {en attente d’approbation} other {actif}}',
  'agent.noLongerUsed':
    '« {name} » ne peut plus être utilisé : aucun paiement ne peut être fait à ce titre.',
  'agent.unknownHeading': 'Ce lien ne fonctionne pas',
  'agent.unknownText':
    'Il ne correspond à aucun contrat. Utilisez le lien de révocation que nous vous avons envoyé lors de l’approbation du contrat.',
  'agent.limitPerPayment': 'Au plus {amount} par paiement.',
  'agent.limitCalendar':
    'Au plus {amount} au total {period, select, DAY {par jour calendaire (à partir de minuit UTC)} WEEK {par semaine calendaire (du lundi au dimanche, UTC)} FORTNIGHT {par quinzaine calendaire (deux semaines à partir d’un lundi, UTC)} MONTH {par mois calendaire} HALF_YEAR {par semestre (de janvier à juin, de juillet à décembre)} other {par année calendaire}}.',
  'agent.limitAnchored':
    'Au plus {amount} au total {period, select, DAY {par jour} WEEK {par période de 7 jours} FORTNIGHT {par période de 14 jours} MONTH {par mois} HALF_YEAR {par période de 6 mois} other {par an}} compté à partir du {from}.',
  'agent.validity': 'Valable du {from} au {to} ; aucun paiement en dehors de cette période.',
  'agent.when': '{date} UTC',
  'mail.approveSubject': '{business} : votre code pour approuver « {name} »',
  'mail.approveSend':
    'Votre code pour approuver « {name} », qui permet à {agent}, un agent, d’envoyer des paiements depuis le compte de {business} dans les limites indiquées sur la page d’approbation, est :\n\n{code}\n\nSaisissez-le sur {url} si vous êtes d’accord. Il fonctionne une fois, pendant 10 minutes. Ne le donnez à personne, pas même à l’agent : avec lui, quiconque détient le lien pourrait approuver. Si vous ne l’attendiez pas, ignorez ce message.',
  'mail.approveCollect':
    'Votre code pour approuver « {name} », qui permet à {business} de débiter votre carte par son agent {agent} dans les limites indiquées sur la page d’approbation, est :\n\n{code}\n\nSaisissez-le sur {url} si vous êtes d’accord. Il fonctionne une fois, pendant 10 minutes. Ne le donnez à personne, pas même à l’agent : avec lui, quiconque détient le lien pourrait approuver. Si vous ne l’attendiez pas, ignorez ce message.',
  'mail.approveSms':
    '{code} est votre code pour approuver « {name} » pour {business}. Il fonctionne une fois, pendant 10 minutes. Ne le donnez à personne, pas même à l’agent.',
  'mail.revokeSubject': '{business} : « {name} » est actif ; comment le révoquer',
  'mail.revokeEmail':
    '« {name} », que vous avez approuvé, est maintenant actif. Pour le révoquer à tout moment, ouvrez {url}\n\nGardez ce lien pour vous : c’est le seul, et quiconque le détient peut révoquer le contrat (il ne peut pas déplacer d’argent).',
  'mail.revokeSms': '« {name} » est actif. Révoquez-le à tout moment : {url}',
  'mail.payCodeSubject': '{shop} : votre code pour payer avec une carte enregistrée',
  'mail.payCodeEmail':
    'Bonjour {name},\n\nVotre code pour payer {amount} à {shop} avec une carte enregistrée est {code}.\n\nIl fonctionne une fois et expire dans {minutes, plural, one {# minute} many {# minutes} other {# minutes}}. Si vous ne l’avez pas demandé, ignorez cet e-mail : personne ne peut payer avec vos cartes enregistrées sans lui.',
  'mail.payCodeSms':
    '{shop} : {code} est votre code pour payer {amount} avec une carte enregistrée. Il expire dans {minutes, plural, one {# minute} many {# minutes} other {# minutes}}. Pas demandé ? Ignorez ce message.',
  'mail.saveCardSubject': '{shop} : enregistrez votre carte',
  'mail.saveCardEmail':
    'Bonjour {name},\n\n{shop} vous demande d’enregistrer une carte pour vos prochains paiements. Aucun montant n’est prélevé maintenant.\n\nEnregistrez votre carte : {url}\n\nLe lien fonctionne une fois et expire dans 24 heures.',
  'mail.questions': 'Des questions ? {contact}',
  'mail.saveCardSms':
    '{shop} : enregistrez votre carte pour vos prochains paiements (aucun montant prélevé maintenant) : {url}',
};
