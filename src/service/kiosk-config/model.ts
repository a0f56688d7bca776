/**
 * A kiosk's settings in force: the defaults, then the merchant's document, its store's and its
 * own, each setting only what it names. A field is locked against staff at the counter when any
 * level locks it: a store cannot open what the merchant keeps for itself.
 */
import type { z } from 'zod';
import {
  KIOSK_SETTING_DEFAULTS,
  KIOSK_SETTING_FIELDS,
  type EffectiveKioskSettings,
  type KioskSettingField,
  type KioskSettings,
  type KioskSettingsDocument,
  type KioskSettingsLevel,
} from '../../shared/contract/kiosk-settings';
import { iso } from '../kernel/clock';
import type { DocumentRow, Level } from './repo';

const ORDER: Level[] = ['merchant', 'store', 'terminal'];

export function documentOf(row: DocumentRow | undefined): z.input<typeof KioskSettingsDocument> {
  if (!row) return { settings: {}, locked: [], updatedAt: null };
  return {
    settings: JSON.parse(row.settings) as KioskSettings,
    locked: JSON.parse(row.locked) as KioskSettingField[],
    updatedAt: iso(row.updated_at),
  };
}

export function effectiveOf(
  terminal: { id: string; store_id: string },
  rows: DocumentRow[],
): EffectiveKioskSettings {
  const settings: Record<string, unknown> = { ...KIOSK_SETTING_DEFAULTS };
  const from: Record<string, KioskSettingsLevel> = {};
  for (const field of KIOSK_SETTING_FIELDS) from[field] = 'default';
  const locked = new Set<KioskSettingField>();
  for (const level of ORDER) {
    const row = rows.find((r) => r.level === level);
    if (!row) continue;
    const doc = documentOf(row);
    for (const [field, value] of Object.entries(doc.settings)) {
      if (value === undefined) continue;
      settings[field] = value;
      from[field] = level;
    }
    for (const field of doc.locked) locked.add(field);
  }
  return {
    terminalId: terminal.id,
    storeId: terminal.store_id,
    settings: settings as EffectiveKioskSettings['settings'],
    locked: KIOSK_SETTING_FIELDS.filter((f) => locked.has(f)),
    from,
  };
}
