/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The hosted payment page's card screens: the card form (with the sandbox's test cards) and the
 * card issuer's 3D Secure challenge. Plain data in, a page out, escaped by hono/jsx.
 */
import { TEST_CARDS } from '../cards';
import type { TransactionRow } from '../payments';
import { CardForm, LinkButton, ThreeDSChallenge, type CardField, type HostedPage } from '../ui';
import { planFields, type Plan } from './plan';
import { Breakdown, Header, Page, base, money, type Summary } from './views';

export interface CardFormState {
  error?: string;
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
function refused(next,doc){var box=doc.getElementById('card-error');showError(box?document.importNode(box,true):message('Check the card details'));
Array.prototype.forEach.call(form.elements,function(el){if(!el.name||el.type==='hidden')return;var twin=next.elements.namedItem(el.name);if(!twin||!twin.getAttribute)return;
['aria-invalid','aria-describedby'].forEach(function(a){var v=twin.getAttribute(a);if(v===null)el.removeAttribute(a);else el.setAttribute(a,v);});});
var shown=document.getElementById('card-error');if(shown&&shown.scrollIntoView)shown.scrollIntoView({block:'center'});
var bad=form.querySelector('[aria-invalid=true]');if(bad)bad.focus({preventScroll:true});}
function answered(r,text){var doc=new DOMParser().parseFromString(text,'text/html');var next=doc.querySelector('form[data-card-form]');
if(r.status===400&&next)return refused(next,doc);
var main=doc.querySelector('main');
if(main&&(r.headers.get('content-type')||'').indexOf('text/html')===0){document.title=doc.title;document.querySelector('main').replaceWith(document.importNode(main,true));window.scrollTo(0,0);return;}
showError(message(text.slice(0,300)||'The payment could not be sent. Try again.'));}
form.addEventListener('submit',function(e){
e.preventDefault();var button=form.querySelector('button[type=submit]');if(button)button.disabled=true;
fetch(form.action,{method:'POST',body:new URLSearchParams(new FormData(form)),credentials:'same-origin'}).then(function(r){
if(r.redirected){location.assign(r.url);return;}
return r.text().then(function(text){if(button)button.disabled=false;answered(r,text);});
}).catch(function(){if(button)button.disabled=false;showError(message('The payment could not be sent: check your connection and try again.'));});
});
})();`;

function TestCards() {
  return (
    <details class="testcards">
      <summary>Test cards</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {TEST_CARDS.map((card) => (
            <tr>
              <td>
                <code>{card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code>
              </td>
              <td>{card.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="muted">Any future expiry, any 3-digit CVC. Other valid numbers succeed.</p>
    </details>
  );
}

export function cardFormPage(summary: Summary, plan: Plan, form: CardFormState = {}): HostedPage {
  return (
    <Page summary={summary} title="Pay by card" script={CARD_FORM_SCRIPT}>
      <Header summary={summary} basket />
      <section class="card" aria-labelledby="method-title">
        <h1 id="method-title">Pay by card</h1>
        <Breakdown summary={summary} plan={plan} />
        <CardForm
          action={`${base(summary)}/card`}
          submitLabel={`Pay ${money(plan.totalPence, summary)}`}
          hidden={planFields(plan)}
          values={{ name: form.name, expiry: form.expiry }}
          error={form.error}
          errorField={form.errorField}
        />
        {summary.sandbox && <TestCards />}
        <LinkButton href={`${base(summary)}?choose=1`} secondary>
          Back
        </LinkButton>
      </section>
    </Page>
  );
}

/** The card issuer's 3D Secure challenge. */
export function challengePage(summary: Summary, tx: TransactionRow): HostedPage {
  return (
    <Page
      summary={summary}
      title="3D Secure"
      theme="issuer"
      brand={`${tx.card_brand ?? 'Card'} Secure`}
    >
      <ThreeDSChallenge
        merchantName={summary.merchantName}
        cardLast4={tx.card_last4 ?? ''}
        amount={money(tx.amount_pence + tx.tip_pence, summary)}
        action={`${base(summary)}/card/${tx.id}/challenge`}
      />
    </Page>
  );
}
