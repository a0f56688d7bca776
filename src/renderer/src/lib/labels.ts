/** The kiosk's words come from src/shared, shared with the merchant dashboard. */
export * from '../../../shared/labels';
