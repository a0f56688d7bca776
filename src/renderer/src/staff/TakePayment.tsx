import { useKiosk } from '../store/context';
import { usePaymentDraft } from '../store/payment-draft';
import { ActivePayment } from './ActivePayment';
import { BasketEditor } from './BasketEditor';
import { NewPayment } from './NewPayment';
import { Queue } from './Queue';
import { SignInFirst } from './SignInPad';
import { Takings } from './Takings';

export function TakePayment() {
  const kiosk = useKiosk((view) => view.kiosk);
  const link = useKiosk((view) => view.link);
  const notice = usePaymentDraft((draft) => draft.notice);
  if (!kiosk) return null;
  // The shop has staff besides its owner: every sale names who took it, so someone signs in.
  const mustSignIn = kiosk.staff?.signInRequired === true && !kiosk.staff.signedIn;
  return (
    // While a payment is on the display it comes first on a narrow screen, above the keypad.
    <div className={kiosk.active ? 'take take--live' : 'take'}>
      {mustSignIn ? (
        <SignInFirst action="take payments" />
      ) : (
        <NewPayment disabled={link !== 'open'} />
      )}
      <div className="take__side">
        {!mustSignIn && <BasketEditor disabled={link !== 'open'} />}
        <ActivePayment payment={kiosk.active} />
        {/* Always in the page, so screen readers announce what is put in it. */}
        <p className="notice" role="status" data-testid="start-notice">
          {kiosk.held.length > 0 ? notice : null}
        </p>
        <Queue payments={kiosk.queue} held={kiosk.held} tipping={kiosk.tipStep?.id ?? null} />
        <Takings takings={kiosk.takings} />
      </div>
    </div>
  );
}
