/** German: Agent Pay's pages and the messages sent to customers (en-agent.ts has the English). */
import type { AgentMessages } from './en-agent';

export const deAgent: AgentMessages = {
  'agent.titleApprove': 'Einen Ausgabenvertrag genehmigen',
  'agent.titleUpdate': 'Die neuen Limits genehmigen',
  'agent.headingApprove': '„{name}“ genehmigen',
  'agent.headingUpdate': 'Neue Limits für „{name}“',
  'agent.whoSend':
    '{agent}, ein Agent von {business}, bittet darum, Zahlungen vom Konto von {business} zu senden.',
  'agent.whoCollect':
    '{business} bittet darum, Ihre Karte über seinen Agenten {agent} zu belasten, ohne dass Sie jedes Mal anwesend sind.',
  'agent.now': 'Jetzt',
  'agent.ifApprove': 'Wenn Sie genehmigen',
  'agent.theLimits': 'Die Limits',
  'agent.decision': 'Ihre Entscheidung',
  'agent.codeConfirmed': 'Ihr Code ist bestätigt.',
  'agent.worksUntil': 'Dieser Link funktioniert bis {when}.',
  'agent.addNewCard': 'Oder eine neue Karte hinzufügen',
  'agent.addCard': 'Eine Karte hinzufügen',
  'agent.addCardNote':
    'Ihre Bank bittet Sie, die Karte zu bestätigen (3D Secure). Jetzt wird kein Geld abgebucht.',
  'agent.addCardSubmit': 'Karte hinzufügen',
  'agent.cardToCharge': 'Die zu belastende Karte',
  'agent.card': '{brand}-Karte mit Endziffern {last4}, gültig bis {expiry}',
  'agent.noOneSend':
    'Noch niemand kann diesen Vertrag genehmigen: {business} hat nicht festgelegt, wer die Ausgaben seiner Agenten genehmigt. {business} fügt seine Genehmigenden in den Einstellungen seines Dashboards hinzu (Agent-Pay-Genehmigende); öffnen Sie dann diesen Link erneut. Sie können ihn jetzt ablehnen.',
  'agent.noOneCollect':
    '{business} hat keine E-Mail-Adresse und keine Telefonnummer von Ihnen, daher können wir Ihnen den Code für die Genehmigung nicht senden. Bitten Sie {business}, eine davon zu Ihren Daten hinzuzufügen, und öffnen Sie dann diesen Link erneut. Sie können ihn jetzt ablehnen.',
  'agent.locked':
    'Zu viele falsche Codes: Mit diesem Link kann nicht mehr genehmigt werden. Sie können weiterhin ablehnen; fordern Sie zum Genehmigen einen neuen Autorisierungslink an.',
  'agent.typeCodeSent':
    'Geben Sie unten den Code ein, den wir an {to} gesendet haben. Er gilt 10 Minuten.',
  'agent.weSendOne':
    'Zum Genehmigen senden wir einen Einmalcode an {to}. Nur Sie sollten ihn sehen: Geben Sie ihn nicht weiter.',
  'agent.weSendChoose':
    'Zum Genehmigen senden wir einen Einmalcode an einen dieser Kontakte. Wählen Sie Ihren; nur Sie sollten den Code sehen: Geben Sie ihn nicht weiter.',
  'agent.sendTo': 'Code senden an',
  'agent.sendNew': 'Neuen Code senden',
  'agent.sendMe': 'Code an mich senden',
  'agent.codeLabel': 'Der Code, den wir Ihnen gesendet haben',
  'agent.continue': 'Weiter',
  'agent.approve': 'Genehmigen',
  'agent.decline': 'Ablehnen',
  'agent.chargesGo': 'Belastet wird Ihre {card}.',
  'agent.noCardYet':
    'Sie haben noch keine gespeicherte Karte: Fügen Sie unten eine hinzu und genehmigen Sie dann.',
  'agent.cardSaved':
    'Ihre {card} ist gespeichert. Genehmigen Sie, damit sie innerhalb dieser Limits belastet werden kann.',
  'agent.cardNotSaved':
    'Ihre neue Karte wurde nicht gespeichert. Versuchen Sie es erneut oder wählen Sie eine gespeicherte Karte.',
  'agent.codeSentNotice': 'Wir haben Ihnen einen Code gesendet.',
  'agent.tryAnother': '{error}. Versuchen Sie eine andere Karte.',
  'agent.goneHeading': 'Dieser Link funktioniert nicht mehr',
  'agent.goneText':
    'Er ist abgelaufen oder wurde bereits verwendet. Fordern Sie einen neuen Autorisierungslink an.',
  'agent.approved': 'Genehmigt',
  'agent.declined': 'Abgelehnt',
  'agent.newLimitsApply': 'Die neuen Limits von „{name}“ gelten ab jetzt.',
  'agent.activeCharges':
    '„{name}“ ist aktiv: Belastungen innerhalb seiner Limits können jetzt auf Ihre {card} erfolgen.',
  'agent.activePayments':
    '„{name}“ ist aktiv: Zahlungen innerhalb seiner Limits sind jetzt möglich.',
  'agent.limitsStay': 'Die aktuellen Limits von „{name}“ bleiben, wie sie waren.',
  'agent.wasDeclined': '„{name}“ wurde abgelehnt: Darüber kann keine Zahlung erfolgen.',
  'agent.revokeAnyTime':
    'Sie können ihn jederzeit über Ihren Widerrufslink widerrufen, den wir Ihnen auch gesendet haben. Behalten Sie ihn für sich.',
  'agent.revokeLink': 'Ihr Widerrufslink',
  'agent.errTypeFirst': 'Geben Sie zuerst den Code ein, den wir Ihnen gesendet haben.',
  'agent.errNoOne': 'Es gibt noch niemanden, an den wir den Code senden können.',
  'agent.errChooseWhere': 'Wählen Sie, wohin wir den Code senden.',
  'agent.errChoose': 'Wählen Sie Genehmigen oder Ablehnen.',
  'agent.errChooseCard':
    'Wählen Sie die zu belastende Karte oder fügen Sie zuerst eine Karte hinzu.',
  'agent.errNotYourCard':
    'Diese Karte gehört nicht zu Ihren gespeicherten Karten. Wählen Sie eine der Karten unten.',
  'agent.errChanged':
    'Dieser Vertrag hat sich inzwischen geändert. Öffnen Sie diesen Link erneut und prüfen Sie ihn.',
  'agent.errMissing': 'Geben Sie zum Genehmigen den Code ein, den wir Ihnen gesendet haben.',
  'agent.errNoneSent': 'Senden Sie sich zuerst einen Code: Die Genehmigung braucht ihn.',
  'agent.errExpired': 'Dieser Code ist abgelaufen. Senden Sie sich einen neuen.',
  'agent.errLocked':
    'Dieser Code ist nicht richtig, und {max} falsche Codes sperren diesen Link: Mit ihm kann nicht mehr genehmigt werden.',
  'agent.errWrong':
    'Dieser Code ist nicht richtig. {left, plural, one {Noch # Versuch} other {Noch # Versuche}}.',
  'agent.notSentLocked':
    'Zu viele falsche Codes: Mit diesem Link kann nicht mehr genehmigt werden.',
  'agent.notSentTooMany':
    'Wir haben für diesen Link so viele Codes gesendet, wie wir können. Fordern Sie einen neuen Autorisierungslink an.',
  'agent.notSentUndeliverable':
    'Wir können den Code gerade nicht senden, daher kann dieser Vertrag noch nicht genehmigt werden. Versuchen Sie es später erneut.',
  'agent.revokeTitle': 'Einen Ausgabenvertrag widerrufen',
  'agent.revokeHeading': '„{name}“ widerrufen',
  'agent.revokeSend':
    'Ein Agent von {business} darf innerhalb dieser Limits Zahlungen vom Konto von {business} senden:',
  'agent.revokeCollect':
    '{business} darf Ihre Karte über seinen Agenten innerhalb dieser Limits belasten:',
  'agent.revokeWarning':
    'Ein Widerruf beendet ihn sofort: Darüber kann keine Zahlung mehr erfolgen. Bereits erfolgte Zahlungen bleiben, wie sie waren. Das lässt sich nicht rückgängig machen.',
  'agent.revokeButton': 'Diesen Vertrag widerrufen',
  'agent.revoked': 'Widerrufen',
  'agent.revokedText':
    '„{name}“ ist widerrufen: Darüber kann keine Zahlung mehr erfolgen. Frühere Zahlungen bleiben, wie sie waren.',
  'agent.revokedSince':
    '„{name}“ ist seit {when} widerrufen: Darüber kann keine Zahlung mehr erfolgen. Frühere Zahlungen bleiben, wie sie waren.',
  'agent.contractIs':
    'Dieser Vertrag ist {status, select, DECLINED {abgelehnt} EXPIRED {abgelaufen} PENDING_AUTHORIZATION {noch nicht genehmigt} other {aktiv}}',
  'agent.noLongerUsed':
    '„{name}“ kann nicht mehr verwendet werden: Darüber kann keine Zahlung erfolgen.',
  'agent.unknownHeading': 'Dieser Link funktioniert nicht',
  'agent.unknownText':
    'Er gehört zu keinem Vertrag. Verwenden Sie den Widerrufslink, den wir Ihnen bei der Genehmigung des Vertrags gesendet haben.',
  'agent.limitPerPayment': 'Höchstens {amount} pro Zahlung.',
  'agent.limitCalendar':
    'Höchstens {amount} insgesamt {period, select, DAY {je Kalendertag (ab Mitternacht UTC)} WEEK {je Kalenderwoche (Montag bis Sonntag, UTC)} FORTNIGHT {je zwei Kalenderwochen (ab einem Montag, UTC)} MONTH {je Kalendermonat} HALF_YEAR {je Halbjahr (Januar bis Juni, Juli bis Dezember)} other {je Kalenderjahr}}.',
  'agent.limitAnchored':
    'Höchstens {amount} insgesamt {period, select, DAY {je Tag} WEEK {je 7 Tage} FORTNIGHT {je 14 Tage} MONTH {je Monat} HALF_YEAR {je 6 Monate} other {je Jahr}}, gezählt ab {from}.',
  'agent.validity': 'Gültig von {from} bis {to}; keine Zahlung außerhalb dieser Zeit.',
  'agent.when': '{date} UTC',
  'mail.approveSubject': '{business}: Ihr Code zum Genehmigen von „{name}“',
  'mail.approveSend':
    'Ihr Code zum Genehmigen von „{name}“, womit {agent}, ein Agent, innerhalb der auf der Genehmigungsseite gezeigten Limits Zahlungen vom Konto von {business} senden darf, lautet:\n\n{code}\n\nGeben Sie ihn auf {url} ein, wenn Sie einverstanden sind. Er gilt einmal, 10 Minuten lang. Geben Sie ihn niemandem, auch nicht dem Agenten: Damit könnte jeder mit dem Link genehmigen. Wenn Sie dies nicht erwartet haben, ignorieren Sie es.',
  'mail.approveCollect':
    'Ihr Code zum Genehmigen von „{name}“, womit {business} Ihre Karte über seinen Agenten {agent} innerhalb der auf der Genehmigungsseite gezeigten Limits belasten darf, lautet:\n\n{code}\n\nGeben Sie ihn auf {url} ein, wenn Sie einverstanden sind. Er gilt einmal, 10 Minuten lang. Geben Sie ihn niemandem, auch nicht dem Agenten: Damit könnte jeder mit dem Link genehmigen. Wenn Sie dies nicht erwartet haben, ignorieren Sie es.',
  'mail.approveSms':
    '{code} ist Ihr Code zum Genehmigen von „{name}“ für {business}. Er gilt einmal, 10 Minuten lang. Geben Sie ihn niemandem, auch nicht dem Agenten.',
  'mail.revokeSubject': '{business}: „{name}“ ist aktiv; so widerrufen Sie ihn',
  'mail.revokeEmail':
    '„{name}“, den Sie genehmigt haben, ist jetzt aktiv. Um ihn jederzeit zu widerrufen, öffnen Sie {url}\n\nBehalten Sie diesen Link für sich: Es ist der einzige, und wer ihn hat, kann den Vertrag widerrufen (aber kein Geld bewegen).',
  'mail.revokeSms': '„{name}“ ist aktiv. Jederzeit widerrufen: {url}',
  'mail.payCodeSubject': '{shop}: Ihr Code zum Bezahlen mit einer gespeicherten Karte',
  'mail.payCodeEmail':
    'Hallo {name},\n\nIhr Code, um {amount} an {shop} mit einer gespeicherten Karte zu bezahlen, lautet {code}.\n\nEr gilt einmal und läuft in {minutes, plural, one {# Minute} other {# Minuten}} ab. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail: Ohne ihn kann niemand mit Ihren gespeicherten Karten bezahlen.',
  'mail.payCodeSms':
    '{shop}: {code} ist Ihr Code, um {amount} mit einer gespeicherten Karte zu bezahlen. Er läuft in {minutes, plural, one {# Minute} other {# Minuten}} ab. Nicht angefordert? Ignorieren Sie diese Nachricht.',
  'mail.saveCardSubject': '{shop}: Speichern Sie Ihre Karte',
  'mail.saveCardEmail':
    'Hallo {name},\n\n{shop} bittet Sie, eine Karte für künftige Zahlungen zu speichern. Jetzt wird kein Geld abgebucht.\n\nKarte speichern: {url}\n\nDer Link funktioniert einmal und läuft in 24 Stunden ab.',
  'mail.questions': 'Fragen: {contact}',
  'mail.saveCardSms':
    '{shop}: Speichern Sie Ihre Karte für künftige Zahlungen (jetzt wird kein Geld abgebucht): {url}',
};
