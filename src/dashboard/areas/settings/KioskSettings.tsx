/**
 * Settings, kiosk settings (docs/fleet.md): what every kiosk uses, set for all of them, a store's
 * or one kiosk's overrides, each field set here or left to the level above, and locked or left
 * open to staff at the counter; the record of every change; a kiosk's remote actions
 * (RemoteActions.tsx). A save reaches the kiosks it concerns at once.
 */
import { useEffect, useState, type FormEvent } from 'react';
import {
  KIOSK_SETTING_DEFAULTS,
  KIOSK_SETTING_FIELDS,
  type KioskSettingField,
  type KioskSettings as Settings,
} from '../../../shared/contract/kiosk-settings';
import type { Store, Terminal } from '../../../shared/contract/terminals';
import { ButtonRow, Select } from '../../components/form';
import { Notice } from '../../components/Notice';
import { Table } from '../../components/Table';
import { useDashboard } from '../../context';
import { failureMessage, fieldErrors, isStale } from '../../lib/api';
import { RemoteActions } from './RemoteActions';

const LABELS: Record<KioskSettingField, string> = {
  tipsEnabled: 'Offer tips',
  tipPercentages: 'Tips offered (%, comma separated)',
  printReceiptAfterPayment: 'Print a receipt after each payment',
  idleScreenText: 'Idle screen text',
  keypadMaxPence: 'Largest keypad amount (pence)',
  signOutMinutes: 'Sign staff out after (minutes)',
  displayLanguage: 'Display language (en, cy, …)',
  displayHighContrast: 'Display starts in high contrast',
  displayLargeText: 'Display starts with larger text',
};
const isSwitch = (field: KioskSettingField) => typeof KIOSK_SETTING_DEFAULTS[field] === 'boolean';
const NUMBERS: KioskSettingField[] = ['keypadMaxPence', 'signOutMinutes'];

/** One field in the form: set at this level or not, its value as typed, locked or not. */
interface Row {
  set: boolean;
  value: string | boolean;
  locked: boolean;
}
type Form = Record<KioskSettingField, Row>;

const shown = (value: unknown) => (Array.isArray(value) ? value.join(', ') : value);
function formOf(settings: Settings, locked: readonly string[]): Form {
  return Object.fromEntries(
    KIOSK_SETTING_FIELDS.map((f) => {
      const value = settings[f] ?? KIOSK_SETTING_DEFAULTS[f];
      const row = { set: settings[f] !== undefined, locked: locked.includes(f) };
      return [f, { ...row, value: isSwitch(f) ? Boolean(value) : String(shown(value)) }];
    }),
  ) as Form;
}

/** What the form sends: the fields set here, numbers as numbers, tips as a list. */
function bodyOf(form: Form) {
  const settings: Record<string, unknown> = {};
  for (const f of KIOSK_SETTING_FIELDS) {
    const { set, value } = form[f];
    if (!set) continue;
    if (f === 'tipPercentages')
      settings[f] = String(value)
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
        .map(Number);
    else settings[f] = NUMBERS.includes(f) ? Number(value) : value;
  }
  return { settings, locked: KIOSK_SETTING_FIELDS.filter((f) => form[f].locked) };
}

/** 'merchant', 'store:<id>' or 'terminal:<id>'. */
type Target = string;

function useLevel(target: Target, onSaved: () => void) {
  const { call } = useDashboard();
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [saved, setSaved] = useState('');
  const [level, id] = target.split(':') as ['merchant' | 'store' | 'terminal', string];
  const load = () => {
    const answer =
      level === 'merchant'
        ? call('getMerchantKioskSettings')
        : level === 'store'
          ? call('getStoreKioskSettings', { params: { id } })
          : call('getTerminalKioskSettings', { params: { id } });
    answer.then(
      (doc) => setForm(formOf(doc.settings, doc.locked)),
      (e: unknown) => !isStale(e) && setError(failureMessage(e)),
    );
  };
  useEffect(load, [call, level, id]);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!form) return;
    setErrors({});
    setError('');
    setSaved('');
    const body = bodyOf(form) as never;
    try {
      const doc =
        level === 'merchant'
          ? await call('putMerchantKioskSettings', { body })
          : level === 'store'
            ? await call('putStoreKioskSettings', { params: { id }, body })
            : await call('putTerminalKioskSettings', { params: { id }, body });
      setForm(formOf(doc.settings, doc.locked));
      setSaved('Kiosk settings saved: the kiosks they concern have them now.');
      onSaved();
    } catch (e) {
      if (isStale(e)) return;
      setErrors(fieldErrors(e));
      setError(failureMessage(e));
    }
  };
  return { form, setForm, errors, error, saved, save };
}

export function KioskSettings() {
  const { call } = useDashboard();
  const [stores, setStores] = useState<Store[]>([]);
  const [terminals, setTerminals] = useState<Terminal[]>([]);
  const [target, setTarget] = useState<Target>('merchant');
  const [changed, setChanged] = useState(0);
  useEffect(() => {
    call('listStores').then(setStores, () => {});
    call('listTerminals').then(setTerminals, () => {});
  }, [call]);
  const terminalId = target.startsWith('terminal:') ? target.slice('terminal:'.length) : null;
  return (
    <section className="card" aria-labelledby="kiosk-settings-title">
      <h1 id="kiosk-settings-title">Kiosk settings</h1>
      <p className="muted">
        Set for all your kiosks, then override them for a store or one kiosk. A locked setting is
        read-only at the counter; staff may change only what you leave open. Saved settings reach
        the kiosks at once.
      </p>
      <Select id="kiosk-settings-for" label="Settings for" value={target} onValue={setTarget}>
        <option value="merchant">All kiosks</option>
        {stores.map((s) => (
          <option key={s.id} value={`store:${s.id}`}>
            Store: {s.name}
          </option>
        ))}
        {terminals.map((t) => (
          <option key={t.id} value={`terminal:${t.id}`}>
            Kiosk: {t.name}
          </option>
        ))}
      </Select>
      <LevelForm key={target} target={target} onSaved={() => setChanged((n) => n + 1)} />
      {terminalId ? <RemoteActions key={terminalId} terminalId={terminalId} /> : null}
      <ChangeHistory key={changed} />
    </section>
  );
}

function LevelForm({ target, onSaved }: { target: Target; onSaved: () => void }) {
  const { form, setForm, errors, error, saved, save } = useLevel(target, onSaved);
  const above = target === 'merchant' ? 'the default' : 'the level above';
  if (!form) return <Notice kind="error">{error}</Notice>;
  const put = (f: KioskSettingField, change: Partial<Row>) =>
    setForm({ ...form, [f]: { ...form[f], ...change } });
  return (
    <form onSubmit={save} noValidate aria-label="Kiosk settings" className="kiosk-settings">
      <Notice kind="ok" testId="kiosk-settings-saved">
        {saved}
      </Notice>
      <Notice kind="error">{error}</Notice>
      {KIOSK_SETTING_FIELDS.map((f) => (
        <fieldset key={f} className="kiosk-setting" data-testid={`kiosk-setting-${f}`}>
          <legend>{LABELS[f]}</legend>
          <label className="switch">
            <input
              type="checkbox"
              checked={form[f].set}
              onChange={(e) => put(f, { set: e.target.checked })}
            />{' '}
            Set here (otherwise {above})
          </label>
          {isSwitch(f) ? (
            <label className="switch">
              <input
                type="checkbox"
                aria-label={LABELS[f]}
                disabled={!form[f].set}
                checked={form[f].value === true}
                onChange={(e) => put(f, { value: e.target.checked })}
              />{' '}
              On
            </label>
          ) : (
            <input
              aria-label={LABELS[f]}
              disabled={!form[f].set}
              value={String(form[f].value)}
              aria-invalid={errors[`settings.${f}`] ? true : undefined}
              onChange={(e) => put(f, { value: e.target.value })}
            />
          )}
          <label className="switch">
            <input
              type="checkbox"
              checked={form[f].locked}
              onChange={(e) => put(f, { locked: e.target.checked })}
            />{' '}
            Locked at the counter
          </label>
          {errors[`settings.${f}`] ? (
            <span className="error field-error">{errors[`settings.${f}`]}</span>
          ) : null}
        </fieldset>
      ))}
      <ButtonRow>
        <button type="submit">Save kiosk settings</button>
      </ButtonRow>
    </form>
  );
}

function ChangeHistory() {
  const { call } = useDashboard();
  const [changes, setChanges] = useState<
    Awaited<ReturnType<typeof call<'listKioskSettingsChanges'>>>['changes']
  >([]);
  useEffect(() => {
    call('listKioskSettingsChanges').then(
      (r) => setChanges(r.changes.slice(0, 20)),
      () => {},
    );
  }, [call]);
  const summary = (doc: { settings: Settings; locked: string[] }) =>
    Object.entries(doc.settings)
      .map(([k, v]) => `${k}: ${String(shown(v))}${doc.locked.includes(k) ? ' (locked)' : ''}`)
      .join('; ') || 'nothing set';
  return (
    <>
      <h2>Changes</h2>
      <Table
        caption="Kiosk settings changes"
        columns={['When', 'For', 'By', 'Before', 'After']}
        testId="kiosk-settings-changes"
      >
        {changes.map((c) => (
          <tr key={c.id}>
            <td>{new Date(c.at).toLocaleString()}</td>
            <td>
              {c.level === 'merchant' ? 'All kiosks' : c.level === 'store' ? 'A store' : 'A kiosk'}
            </td>
            <td>{c.by}</td>
            <td>{summary(c.before)}</td>
            <td>{summary(c.after)}</td>
          </tr>
        ))}
      </Table>
    </>
  );
}
