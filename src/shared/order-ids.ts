/**
 * The prefixes of the order ids Counter makes up when none is given: `CTR-` for a payment taken
 * at the counter (keypad or card on file), `POS-` for one pushed to a terminal from the
 * dashboard or the API. Staff search the history by them, so the hint names both.
 */
export const COUNTER_ORDER_PREFIX = 'CTR-';
export const REMOTE_ORDER_PREFIX = 'POS-';
