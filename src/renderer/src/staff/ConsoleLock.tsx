import { SignInPad } from './SignInPad';

/**
 * The console locked from the dashboard (LOCK_CONSOLE): nothing of it shows until a manager or
 * the owner signs in here with their PIN; the kiosk refuses a cashier's (and says why).
 */
export function ConsoleLock() {
  return (
    <main className="panel console-lock" data-testid="console-locked">
      <SignInPad
        heading="h1"
        title="This console is locked"
        note="It was locked from the dashboard. A manager or the owner enters their PIN to open it."
        label="Manager’s or owner’s PIN"
        submit="Open the console"
        keys={false}
        className="card console-lock__card"
        testIds={{ form: 'console-lock-form', pin: 'unlock-pin', submit: 'unlock-submit' }}
      />
    </main>
  );
}
