/**
 * The service's outbox of messages to customers (card-saving links, by email or SMS). A message
 * is stored in the same transaction as the change that sends it, so none is lost. With an SMTP
 * server configured (`--smtp-url` / SERVICE_SMTP_URL) emails are queued and sent by nodemailer,
 * retried a few times; without one, and for SMS (the sandbox has no SMS gateway), they are kept
 * in the outbox, which the sandbox lists (GET /api/sandbox/messages) and the dashboard shows.
 */
import type { Transporter } from 'nodemailer';
import type { z } from 'zod';
import type { OutboxMessage } from '../../shared/contract/messages';
import type { Clock } from '../kernel/clock';
import { iso } from '../kernel/clock';
import type { Environment } from '../kernel/caller';
import type { Store } from '../kernel/store/port';
import { newId } from '../kernel/ids';
import { languageOf, type LanguageCode } from '../../shared/i18n';
import { mailHtml } from './mail-html';
import { messageStatements, type MessageRow } from './repo';

export interface MessageOptions {
  /** smtp://user:pass@host:port (or smtps://); none keeps emails in the outbox only. */
  smtpUrl?: string;
  /** The From address of emails. */
  from?: string;
}

export interface NewMessage {
  merchantId: string;
  environment: Environment;
  customerId?: string;
  channel: 'EMAIL' | 'SMS';
  to: string;
  subject: string;
  body: string;
  link?: string;
  /** The language the subject and body are written in, for the e-mail's HTML part; English if none. */
  lang?: LanguageCode;
}

/**
 * smtp://[user:pass@]host[:port] sends in plain text (a local or test server rarely has a
 * certificate); smtps:// uses TLS from the start.
 */
export function smtpOptions(url: string) {
  const parsed = new URL(url);
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:')
    throw new Error(`The SMTP URL must start with smtp:// or smtps://, not ${parsed.protocol}`);
  const secure = parsed.protocol === 'smtps:';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 25,
    secure,
    ignoreTLS: !secure,
    ...(parsed.username
      ? {
          auth: {
            user: decodeURIComponent(parsed.username),
            pass: decodeURIComponent(parsed.password),
          },
        }
      : {}),
  };
}

/**
 * nodemailer is loaded only when an SMTP server is configured: a service without one (the kiosk's
 * embedded service) never sends mail, and loading it is a noticeable part of a cold start.
 */
async function openTransport(smtp: ReturnType<typeof smtpOptions>): Promise<Transporter> {
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport(smtp);
}

/** Tries per email before it is FAILED. */
const MAX_ATTEMPTS = 3;

export function messageRecord(row: MessageRow): z.input<typeof OutboxMessage> {
  return {
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    body: row.body,
    ...(row.link ? { link: row.link } : {}),
    ...(row.customer_id ? { customerId: row.customer_id } : {}),
    status: row.status,
    ...(row.error ? { error: row.error } : {}),
    createdAt: iso(row.created_at),
    ...(row.sent_at ? { sentAt: iso(row.sent_at) } : {}),
  };
}

export function createMessageOutbox(
  store: Store,
  clock: Clock,
  options: MessageOptions,
  log: (line: string) => void,
) {
  const { insert, queued, markSent, markTry, page, total } = messageStatements(store);

  const transport = options.smtpUrl ? openTransport(smtpOptions(options.smtpUrl)) : null;
  const from = options.from ?? 'Counter <no-reply@counter.invalid>';
  let running: Promise<void> | null = null;
  let again = false;

  async function drain() {
    for (;;) {
      const rows = await queued.all();
      if (rows.length === 0) return;
      for (const row of rows) {
        try {
          await (
            await transport!
          ).sendMail({
            from,
            to: row.recipient,
            subject: row.subject,
            text: row.body,
            html: mailHtml(languageOf(row.lang) ?? 'en', row.subject, row.body),
            headers: { 'X-Counter-Message-Id': row.id },
          });
          await markSent.run(clock.now(row.environment, row.merchant_id), row.id);
        } catch (error) {
          const message = (error as Error).message;
          log(`email ${row.id}: ${message}`);
          await markTry.run({ id: row.id, error: message, max: MAX_ATTEMPTS });
        }
      }
    }
  }

  /** Starts sending queued emails unless a run is under way (then it runs once more). */
  function wake() {
    if (!transport) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: Error) => log(`email outbox: ${error.message}`))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  return {
    /** Stores a message; call inside the transaction of the change that sends it. */
    async add(message: NewMessage): Promise<string> {
      const id = newId();
      await insert.run({
        id,
        merchantId: message.merchantId,
        environment: message.environment,
        customerId: message.customerId ?? null,
        channel: message.channel,
        to: message.to,
        subject: message.subject,
        body: message.body,
        link: message.link ?? null,
        lang: message.lang ?? null,
        status: message.channel === 'EMAIL' && transport ? 'QUEUED' : 'STORED',
        now: clock.now(message.environment, message.merchantId),
      });
      // After the caller's transaction commits.
      setImmediate(wake);
      return id;
    },
    async list(
      scope: { merchantId: string; environment: string },
      q: { page: number; size: number; customerId?: string },
    ) {
      const customer = q.customerId ?? null;
      return {
        rows: await page.all(
          scope.merchantId,
          scope.environment,
          customer,
          customer,
          q.size,
          q.page * q.size,
        ),
        total: (await total.get(scope.merchantId, scope.environment, customer, customer))!.n,
      };
    },
    /**
     * Whether a message on `channel` reaches its recipient: an email when an SMTP server is
     * configured; never an SMS (there is no SMS gateway). Otherwise it is only kept here.
     */
    delivers: (channel: 'EMAIL' | 'SMS') => channel === 'EMAIL' && transport !== null,
    wake,
    async stop() {
      await running;
      (await transport)?.close();
    },
  };
}
export type MessageOutbox = ReturnType<typeof createMessageOutbox>;
