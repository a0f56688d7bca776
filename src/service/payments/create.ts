/** Creating payment requests: process-payment, and the same for remote payments. */
import { randomUUID } from 'node:crypto';
import type { ProcessPaymentBody } from '../../shared/contract/payments';
import { poundsToPence } from '../../shared/money';
import type { Clock } from '../clock';
import type { Caller } from '../http/auth';
import { ApiError, badField } from '../http/errors';
import type { Db } from '../store/db';
import type { Method, RequestOptions } from './model';

interface MerchantRow {
  card_enabled: number;
  remote_enabled: number;
}

export interface NewRequest {
  body: ProcessPaymentBody;
  terminalId?: string | null;
}

export function createPaymentCreator(db: Db, clock: Clock) {
  const merchant = db.prepare<[string], MerchantRow>(
    'SELECT card_enabled, remote_enabled FROM merchants WHERE id = ?',
  );
  const storeOf = db.prepare<[string, string], { id: string }>(
    'SELECT id FROM stores WHERE id = ? AND merchant_id = ?',
  );
  const primaryStore = db.prepare<[string], { id: string }>(
    'SELECT id FROM stores WHERE merchant_id = ? AND is_primary = 1',
  );
  const customer = db.prepare<[string, string, string], { id: string }>(
    'SELECT id FROM customers WHERE id = ? AND merchant_id = ? AND environment = ?',
  );
  const insert = db.prepare(`
    INSERT INTO payment_requests (id, merchant_id, environment, store_id, terminal_id, customer_ref,
      order_id, amount_pence, status, allowed_methods, options, notes, metadata, template,
      expires_at, created_at, updated_at)
    VALUES (@id, @merchantId, @environment, @storeId, @terminalId, @customerRef, @orderId, @amount,
      'PAYMENT_NOT_INITIATED', @methods, @options, @notes, @metadata, @template, @expiresAt, @now, @now)`);

  /** Validates what only the service can know, then stores the request. Returns its id. */
  function create(caller: Caller, { body, terminalId = null }: NewRequest): string {
    const m = merchant.get(caller.merchantId);
    if (!m) throw new ApiError(401, 'Unknown merchant');
    const enabled: Method[] = m.card_enabled ? ['PAY_BY_BANK', 'CARD'] : ['PAY_BY_BANK'];

    let storeId: string;
    if (caller.kind === 'terminal') {
      if (body.storeId && body.storeId !== caller.storeId)
        throw badField('storeId', "must be the terminal's own store");
      storeId = caller.storeId;
    } else if (body.storeId) {
      if (!storeOf.get(body.storeId, caller.merchantId))
        throw badField('storeId', 'is not a store of this merchant');
      storeId = body.storeId;
    } else {
      storeId = primaryStore.get(caller.merchantId)!.id;
    }

    const methods = body.paymentMethod ?? enabled;
    const disabled = methods.find((method) => !enabled.includes(method));
    if (disabled) throw badField('paymentMethod', `${disabled} is not enabled for this merchant`);
    if (body.savePaymentMethod && !m.card_enabled)
      throw badField('savePaymentMethod', 'requires card payments, which are not enabled');
    if (
      body.serviceCustomerId &&
      !customer.get(body.serviceCustomerId, caller.merchantId, caller.environment)
    )
      throw badField('serviceCustomerId', 'does not match a customer of this business');

    const options: RequestOptions = {
      enableTips: body.enableTips,
      allowRetry: body.allowRetry,
      splitBill: body.splitBill,
      autoRedirect: body.autoRedirect,
      redirectUrl: body.redirectUrl,
      callbackParams: body.callbackParams,
      savePaymentMethod: body.savePaymentMethod,
      serviceCustomerId: body.serviceCustomerId,
      consumerDetails: body.consumerDetails,
    };
    const id = randomUUID();
    const now = clock.now();
    insert.run({
      id,
      merchantId: caller.merchantId,
      environment: caller.environment,
      storeId,
      terminalId,
      customerRef: body.customerId,
      orderId: body.orderId,
      amount: poundsToPence(body.amount),
      methods: JSON.stringify(methods),
      options: JSON.stringify(options),
      notes: body.notes ?? null,
      metadata: JSON.stringify(body.metadata ?? {}),
      template: body.template ?? 'EXTERNAL_DISPLAY',
      expiresAt: now + body.expiresIn,
      now,
    });
    return id;
  }

  return { create };
}
export type PaymentCreator = ReturnType<typeof createPaymentCreator>;
