/** Arabic: Agent Pay's pages and the messages sent to customers (en-agent.ts has the English). */
import type { AgentMessages } from './en-agent';

export const arAgent: AgentMessages = {
  'agent.titleApprove': 'الموافقة على عقد إنفاق',
  'agent.titleUpdate': 'الموافقة على الحدود الجديدة',
  'agent.headingApprove': 'الموافقة على «{name}»',
  'agent.headingUpdate': 'حدود جديدة لـ «{name}»',
  'agent.whoSend': 'يطلب {agent}، وهو وكيل لدى {business}، إرسال مدفوعات من حساب {business}.',
  'agent.whoCollect':
    'يطلب {business} الخصم من بطاقتك عبر وكيله {agent} دون أن تكون حاضرًا في كل مرة.',
  'agent.now': 'الآن',
  'agent.ifApprove': 'إذا وافقت',
  'agent.theLimits': 'الحدود',
  'agent.decision': 'قرارك',
  'agent.codeConfirmed': 'تم تأكيد رمزك.',
  'agent.worksUntil': 'يعمل هذا الرابط حتى {when}.',
  'agent.addNewCard': 'أو أضف بطاقة جديدة',
  'agent.addCard': 'إضافة بطاقة',
  'agent.addCardNote': 'سيطلب منك مصرفك تأكيد البطاقة (3D Secure). لن يُخصم أي مبلغ الآن.',
  'agent.addCardSubmit': 'إضافة البطاقة',
  'agent.cardToCharge': 'البطاقة التي يُخصم منها',
  'agent.card': 'بطاقة {brand} المنتهية بـ {last4}، تنتهي صلاحيتها {expiry}',
  'agent.noOneSend':
    'لا يمكن لأحد الموافقة على هذا العقد بعد: لم يحدد {business} من يوافق على إنفاق وكلائه. يضيف {business} الموافقين في إعدادات لوحة التحكم (موافقو Agent Pay)؛ ثم افتح هذا الرابط مرة أخرى. يمكنك رفضه الآن.',
  'agent.noOneCollect':
    'ليس لدى {business} عنوان بريد إلكتروني أو رقم هاتف لك، لذا لا يمكننا إرسال الرمز اللازم للموافقة. اطلب من {business} إضافة أحدهما إلى بياناتك، ثم افتح هذا الرابط مرة أخرى. يمكنك رفضه الآن.',
  'agent.locked':
    'رموز خاطئة كثيرة: لم يعد بالإمكان الموافقة بهذا الرابط. لا يزال بإمكانك الرفض؛ اطلب رابط تفويض جديدًا للموافقة.',
  'agent.typeCodeSent': 'اكتب أدناه الرمز الذي أرسلناه إلى {to}. يعمل لمدة ١٠ دقائق.',
  'agent.weSendOne':
    'للموافقة، نرسل رمزًا لمرة واحدة إلى {to}. يجب ألا يراه أحد سواك: لا تعطه لأحد.',
  'agent.weSendChoose':
    'للموافقة، نرسل رمزًا لمرة واحدة إلى أحد هؤلاء. اختر عنوانك؛ يجب ألا يرى الرمز أحد سواك: لا تعطه لأحد.',
  'agent.sendTo': 'إرسال الرمز إلى',
  'agent.sendNew': 'إرسال رمز جديد',
  'agent.sendMe': 'أرسل لي رمزًا',
  'agent.codeLabel': 'الرمز الذي أرسلناه إليك',
  'agent.continue': 'متابعة',
  'agent.approve': 'موافقة',
  'agent.decline': 'رفض',
  'agent.chargesGo': 'يُخصم من {card}.',
  'agent.noCardYet': 'ليست لديك بطاقة محفوظة بعد: أضف واحدة أدناه، ثم وافق.',
  'agent.cardSaved': 'تم حفظ {card}. وافق للسماح بالخصم منها ضمن هذه الحدود.',
  'agent.cardNotSaved': 'لم تُحفظ بطاقتك الجديدة. حاول مرة أخرى، أو اختر بطاقة محفوظة.',
  'agent.codeSentNotice': 'أرسلنا إليك رمزًا.',
  'agent.tryAnother': '{error}. جرّب بطاقة أخرى.',
  'agent.goneHeading': 'لم يعد هذا الرابط يعمل',
  'agent.goneText': 'انتهت صلاحيته أو سبق استخدامه. اطلب رابط تفويض جديدًا.',
  'agent.approved': 'تمت الموافقة',
  'agent.declined': 'تم الرفض',
  'agent.newLimitsApply': 'تسري الحدود الجديدة لـ «{name}» من الآن.',
  'agent.activeCharges': '«{name}» نشط: يمكن الآن الخصم ضمن حدوده من {card}.',
  'agent.activePayments': '«{name}» نشط: يمكن الآن إجراء المدفوعات ضمن حدوده.',
  'agent.limitsStay': 'تبقى الحدود الحالية لـ «{name}» كما هي.',
  'agent.wasDeclined': 'تم رفض «{name}»: لا يمكن إجراء أي دفعة بموجبه.',
  'agent.revokeAnyTime':
    'يمكنك إلغاؤه في أي وقت من رابط الإلغاء الخاص بك، الذي أرسلناه إليك أيضًا. احتفظ به لنفسك.',
  'agent.revokeLink': 'رابط الإلغاء الخاص بك',
  'agent.errTypeFirst': 'اكتب أولًا الرمز الذي أرسلناه إليك.',
  'agent.errNoOne': 'لا يوجد بعد من يمكننا إرسال الرمز إليه.',
  'agent.errChooseWhere': 'اختر إلى أين نرسل الرمز.',
  'agent.errChoose': 'اختر موافقة أو رفض.',
  'agent.errChooseCard': 'اختر البطاقة التي يُخصم منها، أو أضف بطاقة أولًا.',
  'agent.errNotYourCard': 'هذه البطاقة ليست من بطاقاتك المحفوظة. اختر إحدى البطاقات أدناه.',
  'agent.errChanged': 'تغيّر هذا العقد في الأثناء. افتح هذا الرابط مرة أخرى وتحقق منه.',
  'agent.errMissing': 'اكتب الرمز الذي أرسلناه إليك للموافقة.',
  'agent.errNoneSent': 'أرسل لنفسك رمزًا أولًا: الموافقة تحتاج إليه.',
  'agent.errExpired': 'انتهت صلاحية هذا الرمز. أرسل لنفسك رمزًا جديدًا.',
  'agent.errLocked':
    'هذا الرمز غير صحيح، و{max} رموز خاطئة تقفل هذا الرابط: لم يعد بالإمكان الموافقة به.',
  'agent.errWrong':
    'هذا الرمز غير صحيح. {left, plural, zero {لم تتبقَّ أي محاولة} one {تبقّت محاولة واحدة} two {تبقّت محاولتان} few {تبقّت # محاولات} many {تبقّت # محاولة} other {تبقّت # محاولة}}.',
  'agent.notSentLocked': 'رموز خاطئة كثيرة: لم يعد بالإمكان الموافقة بهذا الرابط.',
  'agent.notSentTooMany': 'أرسلنا أكبر عدد ممكن من الرموز لهذا الرابط. اطلب رابط تفويض جديدًا.',
  'agent.notSentUndeliverable':
    'لا يمكننا إرسال الرمز حاليًا، لذا لا يمكن الموافقة على هذا العقد بعد. حاول لاحقًا.',
  'agent.revokeTitle': 'إلغاء عقد إنفاق',
  'agent.revokeHeading': 'إلغاء «{name}»',
  'agent.revokeSend': 'يجوز لوكيل لدى {business} إرسال مدفوعات من حساب {business} ضمن هذه الحدود:',
  'agent.revokeCollect': 'يجوز لـ {business} الخصم من بطاقتك عبر وكيله ضمن هذه الحدود:',
  'agent.revokeWarning':
    'الإلغاء ينهيه فورًا: لن يمكن إجراء أي دفعة بموجبه بعد الآن. تبقى المدفوعات التي تمت كما هي. لا يمكن التراجع عنه.',
  'agent.revokeButton': 'إلغاء هذا العقد',
  'agent.revoked': 'تم الإلغاء',
  'agent.revokedText':
    'تم إلغاء «{name}»: لن يمكن إجراء أي دفعة بموجبه بعد الآن. تبقى المدفوعات السابقة كما هي.',
  'agent.revokedSince':
    'تم إلغاء «{name}» منذ {when}: لن يمكن إجراء أي دفعة بموجبه بعد الآن. تبقى المدفوعات السابقة كما هي.',
  'agent.contractIs':
    'هذا العقد {status, select, DECLINED {مرفوض} EXPIRED {منتهي الصلاحية} PENDING_AUTHORIZATION {بانتظار الموافقة} other {نشط}}',
  'agent.noLongerUsed': 'لم يعد بالإمكان استخدام «{name}»: لا يمكن إجراء أي دفعة بموجبه.',
  'agent.unknownHeading': 'هذا الرابط لا يعمل',
  'agent.unknownText':
    'لا يشير إلى أي عقد. استخدم رابط الإلغاء الذي أرسلناه إليك عند الموافقة على العقد.',
  'agent.limitPerPayment': 'بحد أقصى {amount} في الدفعة الواحدة.',
  'agent.limitCalendar':
    'بحد أقصى {amount} إجمالًا {period, select, DAY {في كل يوم تقويمي (من منتصف الليل بالتوقيت العالمي)} WEEK {في كل أسبوع تقويمي (من الاثنين إلى الأحد، بالتوقيت العالمي)} FORTNIGHT {في كل أسبوعين تقويميين (من يوم اثنين، بالتوقيت العالمي)} MONTH {في كل شهر تقويمي} HALF_YEAR {في كل نصف سنة (من يناير إلى يونيو، ومن يوليو إلى ديسمبر)} other {في كل سنة تقويمية}}.',
  'agent.limitAnchored':
    'بحد أقصى {amount} إجمالًا {period, select, DAY {في كل يوم} WEEK {في كل ٧ أيام} FORTNIGHT {في كل ١٤ يومًا} MONTH {في كل شهر} HALF_YEAR {في كل ٦ أشهر} other {في كل سنة}} تُحسب من {from}.',
  'agent.validity': 'صالح من {from} حتى {to}؛ لا دفعات خارج هذه المدة.',
  'agent.when': '{date} بالتوقيت العالمي',
  'mail.approveSubject': '{business}: رمزك للموافقة على «{name}»',
  'mail.approveSend':
    'رمزك للموافقة على «{name}»، الذي يسمح لـ {agent}، وهو وكيل، بإرسال مدفوعات من حساب {business} ضمن الحدود المعروضة في صفحة الموافقة، هو:\n\n{code}\n\nاكتبه في {url} إذا كنت موافقًا. يعمل مرة واحدة لمدة ١٠ دقائق. لا تعطه لأحد، ولا حتى للوكيل: به يستطيع أي شخص يملك الرابط أن يوافق. إذا لم تكن تتوقع هذا، فتجاهله.',
  'mail.approveCollect':
    'رمزك للموافقة على «{name}»، الذي يسمح لـ {business} بالخصم من بطاقتك عبر وكيله {agent} ضمن الحدود المعروضة في صفحة الموافقة، هو:\n\n{code}\n\nاكتبه في {url} إذا كنت موافقًا. يعمل مرة واحدة لمدة ١٠ دقائق. لا تعطه لأحد، ولا حتى للوكيل: به يستطيع أي شخص يملك الرابط أن يوافق. إذا لم تكن تتوقع هذا، فتجاهله.',
  'mail.approveSms':
    '{code} هو رمزك للموافقة على «{name}» لدى {business}. يعمل مرة واحدة لمدة ١٠ دقائق. لا تعطه لأحد، ولا حتى للوكيل.',
  'mail.revokeSubject': '{business}: «{name}» نشط؛ كيف تلغيه',
  'mail.revokeEmail':
    '«{name}»، الذي وافقت عليه، أصبح نشطًا الآن. لإلغائه في أي وقت، افتح {url}\n\nاحتفظ بهذا الرابط لنفسك: إنه الوحيد، ومن يملكه يستطيع إلغاء العقد (ولا يستطيع تحريك الأموال).',
  'mail.revokeSms': '«{name}» نشط. ألغه في أي وقت: {url}',
  'mail.payCodeSubject': '{shop}: رمزك للدفع ببطاقة محفوظة',
  'mail.payCodeEmail':
    'مرحبًا {name}،\n\nرمزك لدفع {amount} إلى {shop} ببطاقة حفظتها هو {code}.\n\nيعمل مرة واحدة وتنتهي صلاحيته بعد {minutes, plural, zero {# دقيقة} one {دقيقة واحدة} two {دقيقتين} few {# دقائق} many {# دقيقة} other {# دقيقة}}. إذا لم تطلبه، فتجاهل هذه الرسالة: لا يمكن لأحد الدفع ببطاقاتك المحفوظة بدونه.',
  'mail.payCodeSms':
    '{shop}: {code} هو رمزك لدفع {amount} ببطاقة محفوظة. تنتهي صلاحيته بعد {minutes, plural, zero {# دقيقة} one {دقيقة واحدة} two {دقيقتين} few {# دقائق} many {# دقيقة} other {# دقيقة}}. لم تطلبه؟ تجاهل هذه الرسالة.',
  'mail.saveCardSubject': '{shop}: احفظ بطاقتك',
  'mail.saveCardEmail':
    'مرحبًا {name}،\n\nيطلب منك {shop} حفظ بطاقة للمدفوعات المستقبلية. لن يُخصم أي مبلغ الآن.\n\nاحفظ بطاقتك: {url}\n\nيعمل الرابط مرة واحدة وتنتهي صلاحيته بعد ٢٤ ساعة.',
  'mail.questions': 'للاستفسارات: {contact}',
  'mail.saveCardSms': '{shop}: احفظ بطاقتك للمدفوعات المستقبلية (لن يُخصم أي مبلغ الآن): {url}',
};
