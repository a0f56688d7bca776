/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The hosted payment page's card screens: the card form (with the sandbox's test cards) and the
 * card issuer's 3D Secure challenge. Plain data in, a page out, escaped by hono/jsx.
 */
import { t, type MessageKey } from '../../shared/i18n';
import { TEST_CARDS } from '../cards';
import type { TransactionRow } from '../payments';
import {
  CardForm,
  LinkButton,
  ThreeDSChallenge,
  usePageWords,
  type CardField,
  type HostedPage,
  type Said,
} from '../ui';
import { planFields, type Plan } from './plan';
import { Breakdown, Header, Page, base, useMoney, type Summary } from './views';

export interface CardFormState {
  error?: Said;
  /** The field the error is about. */
  errorField?: CardField;
  name?: string;
  expiry?: string;
}

/**
 * The card form's progressive enhancement, a constant (no data is ever written into a script).
 * It formats the expiry as it is typed ("1230" becomes "12/30", the slash inserted after the
 * month), and sends the form itself: a refusal (400, the card form again) shows its error and
 * marks the field in place, so the number and CVC the customer typed stay in their fields; the
 * service never writes them back into a page (ui/components.tsx, CardForm). A redirect is
 * followed as the browser would; any other answer's page replaces this one's content. Without
 * JavaScript the form posts as usual and comes back with name and expiry kept.
 */
const CARD_FORM_SCRIPT = `(function(){
var form=document.querySelector('form[data-card-form]');
if(!form||!window.fetch||!window.DOMParser||!window.URLSearchParams)return;
var expiry=form.querySelector('input[name=expiry]');
function said(n){var e=form.closest('[data-msg-card]');return e?e.getAttribute('data-msg-'+n):'';}
function formatted(v,deleting){var d=v.replace(/\\D/g,'');
if(d.length>0&&d[0]>'1')d='0'+d;else if(d.length>1&&d[0]==='1'&&d[1]>'2')d='0'+d;
var mm=d.slice(0,2),yy=d.slice(2);
if(yy.length>2&&yy.slice(0,2)==='20')yy=yy.length>=4?yy.slice(2,4):yy;else yy=yy.slice(0,2);
if(yy)return mm+'/'+yy;
if(mm.length===2&&!deleting)return mm+'/';return mm;}
if(expiry){expiry.addEventListener('input',function(e){var deleting=(e.inputType||'').indexOf('delete')===0;var v=formatted(expiry.value,deleting);if(v!==expiry.value)expiry.value=v;});
if(expiry.value)expiry.value=formatted(expiry.value,true);}
function showError(box){var old=document.getElementById('card-error');if(old)old.remove();form.parentNode.insertBefore(box,form);}
function message(text){var box=document.createElement('div');box.className='error';box.id='card-error';box.setAttribute('role','alert');box.setAttribute('data-testid','form-error');box.textContent=text;return box;}
function refused(next,doc){var box=doc.getElementById('card-error');showError(box?document.importNode(box,true):message(said('card')));
Array.prototype.forEach.call(form.elements,function(el){if(!el.name||el.type==='hidden')return;var twin=next.elements.namedItem(el.name);if(!twin||!twin.getAttribute)return;
['aria-invalid','aria-describedby'].forEach(function(a){var v=twin.getAttribute(a);if(v===null)el.removeAttribute(a);else el.setAttribute(a,v);});});
var shown=document.getElementById('card-error');if(shown&&shown.scrollIntoView)shown.scrollIntoView({block:'center'});
var bad=form.querySelector('[aria-invalid=true]');if(bad)bad.focus({preventScroll:true});}
function answered(r,text){var doc=new DOMParser().parseFromString(text,'text/html');var next=doc.querySelector('form[data-card-form]');
if(r.status===400&&next)return refused(next,doc);
var main=doc.querySelector('main');
if(main&&(r.headers.get('content-type')||'').indexOf('text/html')===0){document.title=doc.title;document.querySelector('main').replaceWith(document.importNode(main,true));window.scrollTo(0,0);return;}
showError(message(said('not-sent')));}
form.addEventListener('submit',function(e){
e.preventDefault();var button=form.querySelector('button[type=submit]');if(button)button.disabled=true;
fetch(form.action,{method:'POST',body:new URLSearchParams(new FormData(form)),credentials:'same-origin'}).then(function(r){
if(r.redirected){location.assign(r.url);return;}
return r.text().then(function(text){if(button)button.disabled=false;answered(r,text);});
}).catch(function(){if(button)button.disabled=false;showError(message(said('offline')));});
});
})();`;

/** What a test card does, in the page's language. */
function testResult(
  { say, words }: ReturnType<typeof usePageWords>,
  card: (typeof TEST_CARDS)[number],
) {
  const { behaviour } = card;
  if (behaviour.kind === 'approve') return say('pay.testSucceeds');
  if (behaviour.kind === 'challenge') return say('pay.testChallenge');
  return say('pay.testDeclined', { reason: words(behaviour.errorDescription) });
}

function TestCards() {
  const page = usePageWords();
  const { say } = page;
  return (
    <details class="testcards">
      <summary>{say('pay.testCards')}</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">{say('pay.testNumber')}</th>
            <th scope="col">{say('pay.testResult')}</th>
          </tr>
        </thead>
        <tbody>
          {TEST_CARDS.map((card) => (
            <tr>
              <td>
                <code>{card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code>
              </td>
              <td>{testResult(page, card)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="muted">{say('pay.testCardsHint')}</p>
    </details>
  );
}

export function cardFormPage(summary: Summary, plan: Plan, form: CardFormState = {}): HostedPage {
  return (
    <Page summary={summary} title={(lang) => t(lang, 'hosted.payByCard')} script={CARD_FORM_SCRIPT}>
      <CardStep summary={summary} plan={plan} form={form} />
    </Page>
  );
}

/** The script's own refusals, in the page's language (a script never carries words itself). */
const SCRIPT_WORDS: Record<string, MessageKey> = {
  'data-msg-card': 'pay.errCard',
  'data-msg-not-sent': 'pay.errNotSent',
  'data-msg-offline': 'pay.errOffline',
};

function CardStep({ summary, plan, form }: { summary: Summary; plan: Plan; form: CardFormState }) {
  const { say } = usePageWords();
  const money = useMoney();
  return (
    <>
      <Header summary={summary} basket />
      <section
        class="card"
        aria-labelledby="method-title"
        {...Object.fromEntries(Object.entries(SCRIPT_WORDS).map(([name, key]) => [name, say(key)]))}
      >
        <h1 id="method-title">{say('hosted.payByCard')}</h1>
        <Breakdown summary={summary} plan={plan} />
        <CardForm
          action={`${base(summary)}/card`}
          submitLabel={say('pay.payAmount', { amount: money(plan.totalPence, summary) })}
          hidden={planFields(plan)}
          values={{ name: form.name, expiry: form.expiry }}
          error={form.error}
          errorField={form.errorField}
        />
        {summary.sandbox && <TestCards />}
        <LinkButton href={`${base(summary)}?choose=1`} secondary>
          {say('pay.back')}
        </LinkButton>
      </section>
    </>
  );
}

/** The card issuer's 3D Secure challenge. */
export function challengePage(summary: Summary, tx: TransactionRow): HostedPage {
  return (
    <Page
      summary={summary}
      title={(lang) => t(lang, 'pay.threeDS')}
      theme="issuer"
      // The card's network names its own check ("VISA Secure"), in no language of the page's.
      brand={`${tx.card_brand ?? 'Card'} Secure`}
    >
      <Challenge summary={summary} tx={tx} />
    </Page>
  );
}

function Challenge({ summary, tx }: { summary: Summary; tx: TransactionRow }) {
  const money = useMoney();
  return (
    <ThreeDSChallenge
      merchantName={summary.merchantName}
      cardLast4={tx.card_last4 ?? ''}
      amount={money(tx.amount_pence + tx.tip_pence, summary)}
      action={`${base(summary)}/card/${tx.id}/challenge`}
    />
  );
}
