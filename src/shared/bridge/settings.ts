/**
 * Settings: pairing with a code or an access secret, unpairing, and full-screen kiosk mode
 * (src/main/kiosk/commands/settings.ts).
 */
import { z } from 'zod';
import { Environment } from '../contract/common';
import { command, Done, Empty, Pin, ServiceUrl } from './fields';

/** A pairing as staff may see it: never the secret or the ids (credentials.ts `redact`). */
export const PairingSummary = z.object({
  environment: Environment,
  terminalName: z.string().optional(),
  merchantName: z.string().optional(),
  baseUrl: z.string(),
});

const KioskModeAnswer = z.object({ kioskMode: z.boolean() });

export const settingsBridge = {
  pairWithCode: command({
    input: z.object({
      pin: Pin,
      baseUrl: ServiceUrl,
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, 'must be the 6-digit code the dashboard shows'),
      name: z.string().trim().min(1, 'must not be blank').max(50),
    }),
    reply: PairingSummary,
    staff: true,
    role: 'manager',
  }),
  configureManually: command({
    input: z.object({
      pin: Pin,
      baseUrl: ServiceUrl,
      secret: z.string().trim().min(10, 'must be the access secret from the dashboard'),
    }),
    reply: PairingSummary,
    staff: true,
    role: 'manager',
  }),
  unpair: command({
    input: z.object({ pin: Pin }),
    reply: Done('unpaired'),
    staff: true,
    role: 'manager',
  }),
  leaveKioskMode: command({
    input: z.object({ pin: Pin }),
    reply: KioskModeAnswer,
    staff: true,
    role: 'manager',
  }),
  enterKioskMode: command({ input: Empty, reply: KioskModeAnswer }),
};
