/** The kiosk's words come from src/shared, shared with the merchant dashboard. */
export * from '../../../shared/labels';

/** How a saved-card charge is captured (card on file at the counter). */
export const CAPTURE_LABEL = {
  MANUAL_CAPTURE: 'Hold now, capture later (deposit)',
  AUTO_CAPTURE: 'Take now',
  CAPTURE_BEFORE_EXPIRY: 'Hold, captured by itself before the hold expires (7 days)',
} as const;

/** Why staff release a hold (the service's cancel reason codes). */
export const RELEASE_REASONS = [
  'Requested by customer',
  'Abandoned',
  'Duplicate',
  'Other',
] as const;
