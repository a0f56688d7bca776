/** Welsh: Agent Pay's pages and the messages sent to customers (en-agent.ts has the English). */
import type { AgentMessages } from './en-agent';

export const cyAgent: AgentMessages = {
  'agent.titleApprove': 'Cymeradwyo contract gwario',
  'agent.titleUpdate': 'Cymeradwyo’r terfynau newydd',
  'agent.headingApprove': 'Cymeradwyo “{name}”',
  'agent.headingUpdate': 'Terfynau newydd ar gyfer “{name}”',
  'agent.whoSend':
    'Mae {agent}, un o asiantau {business}, yn gofyn am gael anfon taliadau o gyfrif {business}.',
  'agent.whoCollect':
    'Mae {business} yn gofyn am gael codi tâl ar eich cerdyn, drwy ei asiant {agent}, heb i chi fod yno bob tro.',
  'agent.now': 'Nawr',
  'agent.ifApprove': 'Os byddwch yn cymeradwyo',
  'agent.theLimits': 'Y terfynau',
  'agent.decision': 'Eich penderfyniad',
  'agent.codeConfirmed': 'Mae eich cod wedi’i gadarnhau.',
  'agent.worksUntil': 'Mae’r ddolen hon yn gweithio tan {when}.',
  'agent.addNewCard': 'Neu ychwanegwch gerdyn newydd',
  'agent.addCard': 'Ychwanegu cerdyn',
  'agent.addCardNote':
    'Bydd eich banc yn gofyn i chi gadarnhau’r cerdyn (3D Secure). Ni chymerir arian nawr.',
  'agent.addCardSubmit': 'Ychwanegu cerdyn',
  'agent.cardToCharge': 'Y cerdyn i godi tâl arno',
  'agent.card': 'cerdyn {brand} sy’n gorffen â {last4}, yn dod i ben {expiry}',
  'agent.noOneSend':
    'Ni all neb gymeradwyo’r contract hwn eto: nid yw {business} wedi enwi pwy sy’n cymeradwyo gwariant ei asiantau. Mae {business} yn ychwanegu ei gymeradwywyr yng Ngosodiadau ei ddangosfwrdd (cymeradwywyr Agent Pay); yna agorwch y ddolen hon eto. Gallwch ei wrthod nawr.',
  'agent.noOneCollect':
    'Nid oes gan {business} gyfeiriad e-bost na rhif ffôn i chi, felly ni allwn anfon y cod sydd ei angen i gymeradwyo. Gofynnwch i {business} ychwanegu un at eich manylion, yna agorwch y ddolen hon eto. Gallwch ei wrthod nawr.',
  'agent.locked':
    'Gormod o godau anghywir: ni all y ddolen hon gymeradwyo mwyach. Gallwch wrthod o hyd; gofynnwch am ddolen awdurdodi newydd i gymeradwyo.',
  'agent.typeCodeSent': 'Teipiwch isod y cod a anfonwyd gennym i {to}. Mae’n gweithio am 10 munud.',
  'agent.weSendOne':
    'I gymeradwyo, rydym yn anfon cod untro i {to}. Dim ond chi ddylai ei weld: peidiwch â’i roi i neb.',
  'agent.weSendChoose':
    'I gymeradwyo, rydym yn anfon cod untro i un o’r rhain. Dewiswch eich un chi; dim ond chi ddylai weld y cod: peidiwch â’i roi i neb.',
  'agent.sendTo': 'Anfon y cod i',
  'agent.sendNew': 'Anfon cod newydd',
  'agent.sendMe': 'Anfon cod ataf',
  'agent.codeLabel': 'Y cod a anfonwyd atoch',
  'agent.continue': 'Parhau',
  'agent.approve': 'Cymeradwyo',
  'agent.decline': 'Gwrthod',
  'agent.chargesGo': 'Codir tâl ar eich {card}.',
  'agent.noCardYet':
    'Nid oes gennych gerdyn wedi’i gadw eto: ychwanegwch un isod, yna cymeradwywch.',
  'agent.cardSaved':
    'Mae eich {card} wedi’i gadw. Cymeradwywch i adael i dâl gael ei godi arno o fewn y terfynau hyn.',
  'agent.cardNotSaved':
    'Ni chadwyd eich cerdyn newydd. Rhowch gynnig arall arni, neu dewiswch gerdyn wedi’i gadw.',
  'agent.codeSentNotice': 'Rydym wedi anfon cod atoch.',
  'agent.tryAnother': '{error}. Rhowch gynnig ar gerdyn arall.',
  'agent.goneHeading': 'Nid yw’r ddolen hon yn gweithio mwyach',
  'agent.goneText':
    'Mae wedi dod i ben neu wedi’i defnyddio eisoes. Gofynnwch am ddolen awdurdodi newydd.',
  'agent.approved': 'Wedi’i gymeradwyo',
  'agent.declined': 'Wedi’i wrthod',
  'agent.newLimitsApply': 'Mae terfynau newydd “{name}” yn berthnasol o nawr.',
  'agent.activeCharges':
    'Mae “{name}” yn weithredol: gellir codi tâl o fewn ei derfynau ar eich {card} nawr.',
  'agent.activePayments':
    'Mae “{name}” yn weithredol: gellir gwneud taliadau o fewn ei derfynau nawr.',
  'agent.limitsStay': 'Mae terfynau presennol “{name}” yn aros fel yr oeddent.',
  'agent.wasDeclined': 'Gwrthodwyd “{name}”: ni ellir gwneud unrhyw daliad oddi tano.',
  'agent.revokeAnyTime':
    'Gallwch ei ddirymu unrhyw bryd ar eich dolen ddirymu, a anfonwyd atoch hefyd. Cadwch hi i chi’ch hun.',
  'agent.revokeLink': 'Eich dolen ddirymu',
  'agent.errTypeFirst': 'Teipiwch y cod a anfonwyd atoch yn gyntaf.',
  'agent.errNoOne': 'Nid oes neb y gallwn anfon y cod ato eto.',
  'agent.errChooseWhere': 'Dewiswch ble rydym yn anfon y cod.',
  'agent.errChoose': 'Dewiswch Cymeradwyo neu Gwrthod.',
  'agent.errChooseCard': 'Dewiswch y cerdyn i godi tâl arno, neu ychwanegwch gerdyn yn gyntaf.',
  'agent.errNotYourCard':
    'Nid yw’r cerdyn hwnnw yn un o’ch cardiau wedi’u cadw. Dewiswch un o’r cardiau isod.',
  'agent.errChanged':
    'Mae’r contract hwn wedi newid yn y cyfamser. Agorwch y ddolen hon eto a’i wirio.',
  'agent.errMissing': 'Teipiwch y cod a anfonwyd atoch i gymeradwyo.',
  'agent.errNoneSent': 'Anfonwch god atoch eich hun yn gyntaf: mae ei angen i gymeradwyo.',
  'agent.errExpired': 'Mae’r cod hwnnw wedi dod i ben. Anfonwch un newydd atoch eich hun.',
  'agent.errLocked':
    'Nid yw’r cod hwnnw’n gywir, ac mae {max} cod anghywir yn cloi’r ddolen hon: ni all gymeradwyo mwyach.',
  'agent.errWrong':
    'Nid yw’r cod hwnnw’n gywir. {left, plural, zero {# cynnig} one {# cynnig} two {# gynnig} few {# chynnig} many {# chynnig} other {# cynnig}} ar ôl.',
  'agent.notSentLocked': 'Gormod o godau anghywir: ni all y ddolen hon gymeradwyo mwyach.',
  'agent.notSentTooMany':
    'Rydym wedi anfon cymaint o godau ag y gallwn ar gyfer y ddolen hon. Gofynnwch am ddolen awdurdodi newydd.',
  'agent.notSentUndeliverable':
    'Ni allwn anfon y cod ar hyn o bryd, felly ni ellir cymeradwyo’r contract hwn eto. Rhowch gynnig arall arni yn nes ymlaen.',
  'agent.revokeTitle': 'Dirymu contract gwario',
  'agent.revokeHeading': 'Dirymu “{name}”',
  'agent.revokeSend':
    'Caiff un o asiantau {business} anfon taliadau o gyfrif {business} o fewn y terfynau hyn:',
  'agent.revokeCollect':
    'Caiff {business} godi tâl ar eich cerdyn drwy ei asiant o fewn y terfynau hyn:',
  'agent.revokeWarning':
    'Mae dirymu yn ei ddiweddu ar unwaith: ni ellir gwneud unrhyw daliad oddi tano mwyach. Mae taliadau a wnaed eisoes yn aros fel yr oeddent. Ni ellir ei ddadwneud.',
  'agent.revokeButton': 'Dirymu’r contract hwn',
  'agent.revoked': 'Wedi’i ddirymu',
  'agent.revokedText':
    'Mae “{name}” wedi’i ddirymu: ni ellir gwneud unrhyw daliad oddi tano mwyach. Mae taliadau a wnaed cyn hynny yn aros fel yr oeddent.',
  'agent.revokedSince':
    'Mae “{name}” wedi’i ddirymu ers {when}: ni ellir gwneud unrhyw daliad oddi tano mwyach. Mae taliadau a wnaed cyn hynny yn aros fel yr oeddent.',
  'agent.contractIs':
    'Mae’r contract hwn {status, select, DECLINED {wedi’i wrthod} EXPIRED {wedi dod i ben} PENDING_AUTHORIZATION {yn aros am gymeradwyaeth} other {yn weithredol}}',
  'agent.noLongerUsed':
    'Ni ellir defnyddio “{name}” mwyach: ni ellir gwneud unrhyw daliad oddi tano.',
  'agent.unknownHeading': 'Nid yw’r ddolen hon yn gweithio',
  'agent.unknownText':
    'Nid yw’n enwi unrhyw gontract. Defnyddiwch y ddolen ddirymu a anfonwyd atoch pan gymeradwywyd y contract.',
  'agent.limitPerPayment': 'Dim mwy na {amount} mewn unrhyw un taliad.',
  'agent.limitCalendar':
    'Dim mwy na {amount} i gyd {period, select, DAY {bob diwrnod calendr (o hanner nos UTC)} WEEK {bob wythnos galendr (dydd Llun i ddydd Sul, UTC)} FORTNIGHT {bob pythefnos calendr (pythefnos o ddydd Llun, UTC)} MONTH {bob mis calendr} HALF_YEAR {bob hanner blwyddyn (Ionawr i Fehefin, Gorffennaf i Ragfyr)} other {bob blwyddyn galendr}}.',
  'agent.limitAnchored':
    'Dim mwy na {amount} i gyd {period, select, DAY {bob diwrnod} WEEK {bob 7 diwrnod} FORTNIGHT {bob 14 diwrnod} MONTH {bob mis} HALF_YEAR {bob 6 mis} other {bob blwyddyn}} wedi’u cyfrif o {from}.',
  'agent.validity': 'Yn ddilys o {from} tan {to}; dim taliad y tu allan i’r amser hwnnw.',
  'agent.when': '{date} UTC',
  'mail.approveSubject': '{business}: eich cod i gymeradwyo “{name}”',
  'mail.approveSend':
    'Eich cod i gymeradwyo “{name}”, sy’n gadael i {agent}, asiant, anfon taliadau o gyfrif {business} o fewn y terfynau a ddangosir ar y dudalen gymeradwyo, yw:\n\n{code}\n\nTeipiwch ef ar {url} os ydych yn cytuno. Mae’n gweithio unwaith, am 10 munud. Peidiwch â’i roi i neb, gan gynnwys yr asiant: gydag ef, gallai unrhyw un sydd â’r ddolen gymeradwyo. Os nad oeddech yn disgwyl hyn, anwybyddwch ef.',
  'mail.approveCollect':
    'Eich cod i gymeradwyo “{name}”, sy’n gadael i {business} godi tâl ar eich cerdyn drwy ei asiant {agent} o fewn y terfynau a ddangosir ar y dudalen gymeradwyo, yw:\n\n{code}\n\nTeipiwch ef ar {url} os ydych yn cytuno. Mae’n gweithio unwaith, am 10 munud. Peidiwch â’i roi i neb, gan gynnwys yr asiant: gydag ef, gallai unrhyw un sydd â’r ddolen gymeradwyo. Os nad oeddech yn disgwyl hyn, anwybyddwch ef.',
  'mail.approveSms':
    '{code} yw eich cod i gymeradwyo “{name}” ar gyfer {business}. Mae’n gweithio unwaith, am 10 munud. Peidiwch â’i roi i neb, gan gynnwys yr asiant.',
  'mail.revokeSubject': '{business}: mae “{name}” yn weithredol; sut i’w ddirymu',
  'mail.revokeEmail':
    'Mae “{name}”, a gymeradwywyd gennych, bellach yn weithredol. I’w ddirymu unrhyw bryd, agorwch {url}\n\nCadwch y ddolen hon i chi’ch hun: dyma’r unig un, a gall unrhyw un sydd â hi ddirymu’r contract (ni all symud arian).',
  'mail.revokeSms': 'Mae “{name}” yn weithredol. Dirymwch ef unrhyw bryd: {url}',
  'mail.payCodeSubject': '{shop}: eich cod i dalu gyda cherdyn wedi’i gadw',
  'mail.payCodeEmail':
    'Helo {name},\n\nEich cod i dalu {amount} i {shop} gyda cherdyn a gadwoch yw {code}.\n\nMae’n gweithio unwaith ac yn dod i ben ymhen {minutes, plural, zero {# munud} one {# munud} two {# funud} few {# munud} many {# munud} other {# munud}}. Os na wnaethoch ofyn amdano, anwybyddwch yr e-bost hwn: ni all neb dalu gyda’ch cardiau wedi’u cadw hebddo.',
  'mail.payCodeSms':
    '{shop}: {code} yw eich cod i dalu {amount} gyda cherdyn wedi’i gadw. Mae’n dod i ben ymhen {minutes, plural, zero {# munud} one {# munud} two {# funud} few {# munud} many {# munud} other {# munud}}. Heb ofyn? Anwybyddwch y neges hon.',
  'mail.saveCardSubject': '{shop}: cadwch eich cerdyn',
  'mail.saveCardEmail':
    'Helo {name},\n\nMae {shop} yn gofyn i chi gadw cerdyn ar gyfer taliadau yn y dyfodol. Ni chymerir arian nawr.\n\nCadwch eich cerdyn: {url}\n\nMae’r ddolen yn gweithio unwaith ac yn dod i ben ymhen 24 awr.',
  'mail.questions': 'Cwestiynau: {contact}',
  'mail.saveCardSms':
    '{shop}: cadwch eich cerdyn ar gyfer taliadau yn y dyfodol (ni chymerir arian nawr): {url}',
};
