/** Money and times come from src/shared, shared with the merchant dashboard. */
export * from '../../../shared/format';
