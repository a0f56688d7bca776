/** The kiosk's words come from src/shared, shared with the merchant dashboard. */
export * from '../../../shared/labels';

/** How a saved-card charge is captured (card on file at the counter). */
export const CAPTURE_LABEL = {
  AUTO_CAPTURE: 'Take now',
  MANUAL_CAPTURE: 'Hold now, take later (deposit)',
  CAPTURE_BEFORE_EXPIRY: 'Hold now, taken by itself within 7 days',
} as const;

/** Why staff release a hold (the service's cancel reason codes). */
export const RELEASE_REASONS = [
  'Requested by customer',
  'Abandoned',
  'Duplicate',
  'Other',
] as const;
