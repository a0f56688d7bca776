/**
 * Settings: the shop's profile (what receipts, the payment page and the customer display say
 * about it), its logo, and which ways of paying new payments offer (docs/merchant-profile.md); then its
 * stores with their takings (Stores.tsx), who approves agents' payments (AgentApprovers.tsx),
 * access secrets (AccessSecrets.tsx).
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { CallInput } from '../../../shared/contract/call';
import type { Merchant, MerchantSettings } from '../../../shared/contract/merchants';
import type { Routes } from '../../../shared/contract/routes';
import { MAX_LOGO_BYTES } from '../../../shared/contract/merchants';
import { ButtonRow, FieldError, TextInput } from '../../components/form';
import { Notice } from '../../components/Notice';
import { useDashboard } from '../../context';
import { AccessSecrets } from './AccessSecrets';
import { AgentApprovers } from './AgentApprovers';
import { KioskSettings } from './KioskSettings';
import { Stores } from './Stores';
import { failureMessage, fieldErrors, isStale } from '../../lib/api';

type ProfileField =
  'name' | 'address' | 'companyNumber' | 'vatNumber' | 'supportEmail' | 'supportPhone';
const PROFILE_FIELDS: { key: ProfileField; label: string; type?: string; hint?: string }[] = [
  { key: 'name', label: 'Business name', hint: 'On receipts, the payment page and the kiosk' },
  { key: 'address', label: 'Address' },
  { key: 'companyNumber', label: 'Company number' },
  { key: 'vatNumber', label: 'VAT number' },
  { key: 'supportEmail', label: 'Support e-mail', type: 'email' },
  { key: 'supportPhone', label: 'Support phone', type: 'tel' },
];
// Numbers, not switches: each has a field of its own (the expiry) or is set through the API.
type SwitchKey = Exclude<
  keyof MerchantSettings,
  'defaultExpirySeconds' | 'extensionSeconds' | 'maxExtensions'
>;
const SWITCHES: { key: SwitchKey; label: string }[] = [
  { key: 'cardPayments', label: 'Card payments' },
  { key: 'remotePayments', label: 'Payments pushed to terminals' },
  { key: 'tips', label: 'Tips' },
];
/** What a switch now does, said beside it once the service has saved it. */
const SWITCHED: Record<SwitchKey, Record<'on' | 'off', string>> = {
  cardPayments: {
    on: 'Card payments on: new payments offer card as well as pay by bank.',
    off: 'Card payments off: new payments offer pay by bank only.',
  },
  remotePayments: {
    on: 'Payments pushed to terminals on: payments can be sent to a terminal from here or your till system.',
    off: 'Payments pushed to terminals off: none can be sent to a terminal; payments keyed in at the counter are unchanged.',
  },
  tips: {
    on: 'Tips on: customers are asked for a tip on the payment page of new payments.',
    off: 'Tips off: new payments offer no tip.',
  },
};

/** The logo from this page's own origin (its policy loads images from nowhere else). */
const ownPath = (url: string) => {
  const { pathname, search } = new URL(url, window.location.href);
  return pathname + search;
};

const formOf = (m: Merchant) =>
  Object.fromEntries(PROFILE_FIELDS.map(({ key }) => [key, m[key] ?? ''])) as Record<
    ProfileField,
    string
  >;

type ProfileForm = Record<ProfileField, string>;
/** Sends one change; true once the service has saved it. */
type Update = (body: CallInput<Routes['updateMerchant']>, done: string) => Promise<boolean>;

/**
 * The merchant as the service last answered, the profile form's values, and `update`, which
 * sends one change and shows what the service answers, or its field errors.
 */
function useMerchantSettings() {
  const { call, merchantShown } = useDashboard();
  const [merchant, setMerchant] = useState<Merchant | null>(null);
  const [form, setForm] = useState<ProfileForm | null>(null);
  const [expiryMinutes, setExpiryMinutes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
  const [busy, setBusy] = useState(false);

  const show = (m: Merchant) => {
    setMerchant(m);
    setForm(formOf(m));
    setExpiryMinutes(String(m.settings.defaultExpirySeconds / 60));
  };
  useEffect(() => {
    call('getMerchant').then(show, (e: unknown) => {
      if (!isStale(e)) setError(failureMessage(e));
    });
  }, [call]);

  // The header named the shop at sign-in; a rename here shows there without signing in again.
  const shownName = merchant?.name;
  useEffect(() => {
    if (shownName) merchantShown(shownName);
  }, [shownName, merchantShown]);

  /** Sends one change; the page shows what the service answers, or its field errors. */
  const update: Update = async (body, done) => {
    setBusy(true);
    setError('');
    setSaved('');
    setErrors({});
    try {
      show(await call('updateMerchant', body));
      setSaved(done);
      return true;
    } catch (e) {
      if (isStale(e)) return false;
      setErrors(fieldErrors(e));
      setError(failureMessage(e));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return {
    merchant,
    form,
    setForm,
    expiryMinutes,
    setExpiryMinutes,
    errors,
    setErrors,
    error,
    saved,
    busy,
    update,
  };
}

export function SettingsArea() {
  const { sandbox } = useDashboard();
  const settings = useMerchantSettings();
  const { merchant, form, error, saved } = settings;

  if (!merchant || !form)
    return (
      <section className="card" aria-labelledby="settings-title">
        <h1 id="settings-title">Settings</h1>
        <Notice kind="error">{error}</Notice>
      </section>
    );

  return (
    <>
      <section className="card" aria-labelledby="settings-title">
        <h1 id="settings-title">Settings</h1>
        <p className="muted" data-testid="settings-environment">
          {sandbox
            ? 'Signed in with a sandbox secret: this is the sandbox’s own copy of your shop (profile, logo, ways to pay, stores). Changes show on sandbox payments, receipts and terminals only; sign in with a production secret to change what your customers see.'
            : 'Signed in with a production secret: changes show to your customers, on production payments, receipts and terminals. The sandbox keeps its own copy.'}
        </p>
        <Notice kind="ok" testId="settings-saved">
          {saved}
        </Notice>
        <Notice kind="error">{error}</Notice>
        <ProfileFormView settings={settings} form={form} />
      </section>
      <LogoSection
        merchant={merchant}
        busy={settings.busy}
        error={settings.errors.logo}
        setErrors={settings.setErrors}
        update={settings.update}
      />
      <WaysToPay merchant={merchant} busy={settings.busy} update={settings.update} />
      <Stores />
      <KioskSettings />
      <AgentApprovers />
      <AccessSecrets />
    </>
  );
}

/** The shop's profile and the default expiry of its payments. */
function ProfileFormView({
  settings: { setForm, expiryMinutes, setExpiryMinutes, errors, busy, update },
  form,
}: {
  settings: ReturnType<typeof useMerchantSettings>;
  form: ProfileForm;
}) {
  const saveProfile = (event: FormEvent) => {
    event.preventDefault();
    const minutes = Number(expiryMinutes);
    void update(
      {
        body: {
          name: form.name,
          ...Object.fromEntries(
            PROFILE_FIELDS.filter(({ key }) => key !== 'name').map(({ key }) => [
              key,
              form[key].trim() === '' ? null : form[key],
            ]),
          ),
          settings: {
            defaultExpirySeconds: Number.isFinite(minutes) ? Math.round(minutes * 60) : NaN,
          },
        },
      },
      'Profile saved. New receipts and payment pages show it now.',
    );
  };

  return (
    <form onSubmit={saveProfile} noValidate aria-label="Shop profile">
      {PROFILE_FIELDS.map(({ key, label, type, hint }) => (
        <TextInput
          key={key}
          id={`merchant-${key}`}
          label={label}
          hint={hint}
          type={type ?? 'text'}
          value={form[key]}
          onValue={(value) => setForm({ ...form, [key]: value })}
          error={errors[key]}
        />
      ))}
      <TextInput
        id="merchant-expiry"
        label="Payments expire after (minutes)"
        hint="For payments that do not give their own expiry"
        inputMode="decimal"
        value={expiryMinutes}
        onValue={setExpiryMinutes}
        error={errors['settings.defaultExpirySeconds']}
      />
      <ButtonRow>
        <button type="submit" disabled={busy}>
          Save profile
        </button>
      </ButtonRow>
    </form>
  );
}

/** The logo as pages show it, uploading one (checked for size here first) and removing it. */
function LogoSection({
  merchant,
  busy,
  error,
  setErrors,
  update,
}: {
  merchant: Merchant;
  busy: boolean;
  error: string | undefined;
  setErrors: (errors: Record<string, string>) => void;
  update: Update;
}) {
  const chooseLogo = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_LOGO_BYTES) {
      setErrors({ logo: `The logo must be at most ${MAX_LOGO_BYTES / 1024} KiB.` });
      return;
    }
    const reader = new FileReader();
    reader.onload = () => void update({ body: { logo: String(reader.result) } }, 'Logo saved.');
    reader.readAsDataURL(file);
  };

  return (
    <section className="card" aria-labelledby="logo-title">
      <h2 id="logo-title">Logo</h2>
      {merchant.logoUrl ? (
        <img className="merchant-logo" src={ownPath(merchant.logoUrl)} alt="Your logo" />
      ) : (
        <p className="muted">No logo yet: pages show the business name alone.</p>
      )}
      <div className="field">
        <label htmlFor="merchant-logo">Upload a logo (PNG or SVG, at most 256 KiB)</label>
        <input
          id="merchant-logo"
          type="file"
          accept="image/png,image/svg+xml"
          disabled={busy}
          aria-describedby={error ? 'merchant-logo-error' : undefined}
          onChange={(event) => chooseLogo(event.target.files?.[0])}
        />
        <FieldError id="merchant-logo">{error}</FieldError>
      </div>
      {merchant.logoUrl ? (
        <ButtonRow>
          <button
            type="button"
            className="secondary small"
            disabled={busy}
            onClick={() => void update({ body: { logo: null } }, 'Logo removed.')}
          >
            Remove the logo
          </button>
        </ButtonRow>
      ) : null}
    </section>
  );
}

/** The switches for the ways of paying new payments offer. */
function WaysToPay({
  merchant,
  busy,
  update,
}: {
  merchant: Merchant;
  busy: boolean;
  update: Update;
}) {
  const [switching, setSwitching] = useState<{ key: string; on: boolean } | null>(null);
  // Said here too, beside the switch: the page's own confirmation is at its top, out of view.
  const [switched, setSwitched] = useState('');
  return (
    <section className="card" aria-labelledby="payments-settings-title">
      <h2 id="payments-settings-title">Ways to pay</h2>
      <p className="muted">Changes apply to new payments; payments already made keep theirs.</p>
      <div className="settings-switches">
        {SWITCHES.map(({ key, label }) => (
          <label className="switch" key={key}>
            <input
              type="checkbox"
              role="switch"
              aria-label={label}
              checked={switching?.key === key ? switching.on : merchant.settings[key]}
              disabled={busy}
              onChange={async (event) => {
                // The switch shows where it is going while the service is asked.
                const on = event.target.checked;
                const done = `${SWITCHED[key][on ? 'on' : 'off']} Saved.`;
                setSwitching({ key, on });
                setSwitched('');
                try {
                  if (await update({ body: { settings: { [key]: on } } }, done)) setSwitched(done);
                } finally {
                  setSwitching(null);
                }
              }}
            />{' '}
            {label}
          </label>
        ))}
      </div>
      {/* Not a second status line: the page's own (at its top) is what is announced. */}
      {switched && (
        <p className="ok" data-testid="switch-saved">
          {switched}
        </p>
      )}
    </section>
  );
}
