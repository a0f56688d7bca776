/** Polish: Agent Pay's pages and the messages sent to customers (en-agent.ts has the English). */
import type { AgentMessages } from './en-agent';

export const plAgent: AgentMessages = {
  'agent.titleApprove': 'Zatwierdź umowę wydatków',
  'agent.titleUpdate': 'Zatwierdź nowe limity',
  'agent.headingApprove': 'Zatwierdź „{name}”',
  'agent.headingUpdate': 'Nowe limity dla „{name}”',
  'agent.whoSend':
    '{agent}, agent firmy {business}, prosi o zgodę na wysyłanie płatności z konta firmy {business}.',
  'agent.whoCollect':
    '{business} prosi o zgodę na obciążanie Twojej karty przez swojego agenta {agent}, bez Twojej obecności za każdym razem.',
  'agent.now': 'Teraz',
  'agent.ifApprove': 'Jeśli zatwierdzisz',
  'agent.theLimits': 'Limity',
  'agent.decision': 'Twoja decyzja',
  'agent.codeConfirmed': 'Twój kod został potwierdzony.',
  'agent.worksUntil': 'Ten link działa do {when}.',
  'agent.addNewCard': 'Lub dodaj nową kartę',
  'agent.addCard': 'Dodaj kartę',
  'agent.addCardNote':
    'Twój bank poprosi o potwierdzenie karty (3D Secure). Teraz nie pobieramy żadnych pieniędzy.',
  'agent.addCardSubmit': 'Dodaj kartę',
  'agent.cardToCharge': 'Karta do obciążenia',
  'agent.card': 'karta {brand} z końcówką {last4}, ważna do {expiry}',
  'agent.noOneSend':
    'Nikt nie może jeszcze zatwierdzić tej umowy: {business} nie wskazała, kto zatwierdza wydatki jej agentów. {business} dodaje osoby zatwierdzające w Ustawieniach swojego panelu (osoby zatwierdzające Agent Pay); potem otwórz ten link ponownie. Możesz ją teraz odrzucić.',
  'agent.noOneCollect':
    '{business} nie ma Twojego adresu e-mail ani numeru telefonu, więc nie możemy wysłać Ci kodu potrzebnego do zatwierdzenia. Poproś {business} o dodanie go do Twoich danych, a potem otwórz ten link ponownie. Możesz ją teraz odrzucić.',
  'agent.locked':
    'Zbyt wiele błędnych kodów: tym linkiem nie można już zatwierdzić. Nadal możesz odrzucić; aby zatwierdzić, poproś o nowy link autoryzacyjny.',
  'agent.typeCodeSent': 'Wpisz poniżej kod wysłany na {to}. Działa przez 10 minut.',
  'agent.weSendOne':
    'Aby zatwierdzić, wyślemy jednorazowy kod na {to}. Tylko Ty powinieneś go zobaczyć: nie przekazuj go nikomu.',
  'agent.weSendChoose':
    'Aby zatwierdzić, wyślemy jednorazowy kod na jeden z tych adresów. Wybierz swój; tylko Ty powinieneś zobaczyć kod: nie przekazuj go nikomu.',
  'agent.sendTo': 'Wyślij kod na',
  'agent.sendNew': 'Wyślij nowy kod',
  'agent.sendMe': 'Wyślij mi kod',
  'agent.codeLabel': 'Kod, który Ci wysłaliśmy',
  'agent.continue': 'Dalej',
  'agent.approve': 'Zatwierdź',
  'agent.decline': 'Odrzuć',
  'agent.chargesGo': 'Obciążenia trafiają na: {card}.',
  'agent.noCardYet': 'Nie masz jeszcze zapisanej karty: dodaj ją poniżej, a potem zatwierdź.',
  'agent.cardSaved':
    'Zapisano: {card}. Zatwierdź, aby można ją było obciążać w ramach tych limitów.',
  'agent.cardNotSaved':
    'Twoja nowa karta nie została zapisana. Spróbuj ponownie lub wybierz zapisaną kartę.',
  'agent.codeSentNotice': 'Wysłaliśmy Ci kod.',
  'agent.tryAnother': '{error}. Spróbuj innej karty.',
  'agent.goneHeading': 'Ten link już nie działa',
  'agent.goneText': 'Wygasł lub został już użyty. Poproś o nowy link autoryzacyjny.',
  'agent.approved': 'Zatwierdzono',
  'agent.declined': 'Odrzucono',
  'agent.newLimitsApply': 'Nowe limity „{name}” obowiązują od teraz.',
  'agent.activeCharges':
    '„{name}” jest aktywna: obciążenia w ramach jej limitów mogą teraz trafiać na: {card}.',
  'agent.activePayments': '„{name}” jest aktywna: płatności w ramach jej limitów są teraz możliwe.',
  'agent.limitsStay': 'Obecne limity „{name}” pozostają bez zmian.',
  'agent.wasDeclined':
    '„{name}” została odrzucona: nie można w jej ramach dokonać żadnej płatności.',
  'agent.revokeAnyTime':
    'Możesz ją cofnąć w dowolnej chwili swoim linkiem do cofnięcia, który również Ci wysłaliśmy. Zachowaj go dla siebie.',
  'agent.revokeLink': 'Twój link do cofnięcia',
  'agent.errTypeFirst': 'Najpierw wpisz kod, który Ci wysłaliśmy.',
  'agent.errNoOne': 'Nie ma jeszcze nikogo, komu moglibyśmy wysłać kod.',
  'agent.errChooseWhere': 'Wybierz, dokąd wysłać kod.',
  'agent.errChoose': 'Wybierz Zatwierdź lub Odrzuć.',
  'agent.errChooseCard': 'Wybierz kartę do obciążenia lub najpierw dodaj kartę.',
  'agent.errNotYourCard':
    'Ta karta nie jest jedną z Twoich zapisanych kart. Wybierz jedną z kart poniżej.',
  'agent.errChanged':
    'Ta umowa w międzyczasie się zmieniła. Otwórz ten link ponownie i sprawdź ją.',
  'agent.errMissing': 'Wpisz kod, który Ci wysłaliśmy, aby zatwierdzić.',
  'agent.errNoneSent': 'Najpierw wyślij sobie kod: jest potrzebny do zatwierdzenia.',
  'agent.errExpired': 'Ten kod wygasł. Wyślij sobie nowy.',
  'agent.errLocked':
    'Ten kod jest nieprawidłowy, a {max} błędnych kodów blokuje ten link: nie można już nim zatwierdzić.',
  'agent.errWrong':
    'Ten kod jest nieprawidłowy. {left, plural, one {Została # próba} few {Zostały # próby} many {Zostało # prób} other {Zostało # próby}}.',
  'agent.notSentLocked': 'Zbyt wiele błędnych kodów: tym linkiem nie można już zatwierdzić.',
  'agent.notSentTooMany':
    'Wysłaliśmy już tyle kodów, ile możemy dla tego linku. Poproś o nowy link autoryzacyjny.',
  'agent.notSentUndeliverable':
    'Nie możemy teraz wysłać kodu, więc tej umowy nie można jeszcze zatwierdzić. Spróbuj później.',
  'agent.revokeTitle': 'Cofnij umowę wydatków',
  'agent.revokeHeading': 'Cofnij „{name}”',
  'agent.revokeSend':
    'Agent firmy {business} może wysyłać płatności z konta firmy {business} w ramach tych limitów:',
  'agent.revokeCollect':
    '{business} może obciążać Twoją kartę przez swojego agenta w ramach tych limitów:',
  'agent.revokeWarning':
    'Cofnięcie kończy ją od razu: nie można już w jej ramach dokonać żadnej płatności. Płatności już dokonane pozostają bez zmian. Nie można tego odwrócić.',
  'agent.revokeButton': 'Cofnij tę umowę',
  'agent.revoked': 'Cofnięto',
  'agent.revokedText':
    '„{name}” jest cofnięta: nie można już w jej ramach dokonać żadnej płatności. Wcześniejsze płatności pozostają bez zmian.',
  'agent.revokedSince':
    '„{name}” jest cofnięta od {when}: nie można już w jej ramach dokonać żadnej płatności. Wcześniejsze płatności pozostają bez zmian.',
  'agent.contractIs':
    'Ta umowa jest {status, select, DECLINED {odrzucona} EXPIRED {wygasła} PENDING_AUTHORIZATION {w oczekiwaniu na zatwierdzenie} other {aktywna}}',
  'agent.noLongerUsed':
    '„{name}” nie może być już używana: nie można w jej ramach dokonać żadnej płatności.',
  'agent.unknownHeading': 'Ten link nie działa',
  'agent.unknownText':
    'Nie wskazuje żadnej umowy. Użyj linku do cofnięcia, który wysłaliśmy Ci po zatwierdzeniu umowy.',
  'agent.limitPerPayment': 'Najwyżej {amount} w jednej płatności.',
  'agent.limitCalendar':
    'Najwyżej {amount} łącznie {period, select, DAY {w każdym dniu kalendarzowym (od północy UTC)} WEEK {w każdym tygodniu kalendarzowym (od poniedziałku do niedzieli, UTC)} FORTNIGHT {w każdych kalendarzowych dwóch tygodniach (od poniedziałku, UTC)} MONTH {w każdym miesiącu kalendarzowym} HALF_YEAR {w każdym półroczu (od stycznia do czerwca, od lipca do grudnia)} other {w każdym roku kalendarzowym}}.',
  'agent.limitAnchored':
    'Najwyżej {amount} łącznie {period, select, DAY {w każdym dniu} WEEK {w każdych 7 dniach} FORTNIGHT {w każdych 14 dniach} MONTH {w każdym miesiącu} HALF_YEAR {w każdych 6 miesiącach} other {w każdym roku}} liczonych od {from}.',
  'agent.validity': 'Ważna od {from} do {to}; poza tym czasem żadnych płatności.',
  'agent.when': '{date} UTC',
  'mail.approveSubject': '{business}: Twój kod do zatwierdzenia „{name}”',
  'mail.approveSend':
    'Twój kod do zatwierdzenia „{name}”, która pozwala agentowi {agent} wysyłać płatności z konta firmy {business} w ramach limitów pokazanych na stronie zatwierdzania, to:\n\n{code}\n\nWpisz go na {url}, jeśli się zgadzasz. Działa raz, przez 10 minut. Nie podawaj go nikomu, także agentowi: z nim każdy, kto ma link, mógłby zatwierdzić. Jeśli się tego nie spodziewałeś, zignoruj tę wiadomość.',
  'mail.approveCollect':
    'Twój kod do zatwierdzenia „{name}”, która pozwala {business} obciążać Twoją kartę przez swojego agenta {agent} w ramach limitów pokazanych na stronie zatwierdzania, to:\n\n{code}\n\nWpisz go na {url}, jeśli się zgadzasz. Działa raz, przez 10 minut. Nie podawaj go nikomu, także agentowi: z nim każdy, kto ma link, mógłby zatwierdzić. Jeśli się tego nie spodziewałeś, zignoruj tę wiadomość.',
  'mail.approveSms':
    '{code} to Twój kod do zatwierdzenia „{name}” dla {business}. Działa raz, przez 10 minut. Nie podawaj go nikomu, także agentowi.',
  'mail.revokeSubject': '{business}: „{name}” jest aktywna; jak ją cofnąć',
  'mail.revokeEmail':
    '„{name}”, którą zatwierdziłeś, jest teraz aktywna. Aby ją cofnąć w dowolnej chwili, otwórz {url}\n\nZachowaj ten link dla siebie: jest jedyny, a każdy, kto go ma, może cofnąć umowę (nie może przenosić pieniędzy).',
  'mail.revokeSms': '„{name}” jest aktywna. Cofnij ją w dowolnej chwili: {url}',
  'mail.payCodeSubject': '{shop}: Twój kod do płatności zapisaną kartą',
  'mail.payCodeEmail':
    'Dzień dobry, {name},\n\nTwój kod do zapłaty {amount} na rzecz: {shop} zapisaną kartą to {code}.\n\nDziała raz i wygasa za {minutes, plural, one {# minutę} few {# minuty} many {# minut} other {# minuty}}. Jeśli o niego nie prosiłeś, zignoruj tę wiadomość: bez niego nikt nie zapłaci Twoimi zapisanymi kartami.',
  'mail.payCodeSms':
    '{shop}: {code} to Twój kod do zapłaty {amount} zapisaną kartą. Wygasa za {minutes, plural, one {# minutę} few {# minuty} many {# minut} other {# minuty}}. Nie prosiłeś? Zignoruj tę wiadomość.',
  'mail.saveCardSubject': '{shop}: zapisz swoją kartę',
  'mail.saveCardEmail':
    'Dzień dobry, {name},\n\n{shop} prosi o zapisanie karty do przyszłych płatności. Teraz nie pobieramy żadnych pieniędzy.\n\nZapisz swoją kartę: {url}\n\nLink działa raz i wygasa po 24 godzinach.',
  'mail.questions': 'Pytania: {contact}',
  'mail.saveCardSms':
    '{shop}: zapisz swoją kartę do przyszłych płatności (teraz nie pobieramy pieniędzy): {url}',
};
