/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
/**
 * The /docs page's Webhooks section: what an integrator needs before the first delivery arrives
 * (the headers, the signature, the tolerance, retries, the test trigger and its `tamper`, and
 * `npm run webhooks -- listen`), beside the routes the page lists. Retry times come from the
 * dispatcher's own schedule, so the page cannot drift from what it does.
 */
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../webhooks';
import { STALE_TIMESTAMP_SECONDS } from '../webhooks';

export const WEBHOOKS_GUIDE_ID = 'webhooks-guide';

/** 5000 → "5 s", 300000 → "5 min", 7200000 → "2 h". */
function duration(ms: number): string {
  if (ms < 60_000) return `${ms / 1000} s`;
  if (ms < 3_600_000) return `${ms / 60_000} min`;
  return `${ms / 3_600_000} h`;
}

const TEST_CALL = `curl -s -X POST "$SERVICE/api/webhooks/test" \\
  -H "Authorization: Bearer $SERVICE_SECRET" -H 'Content-Type: application/json' \\
  -d '{"eventType":"PAYMENTS_STATUS","tamper":"signature"}'`;

export function WebhooksGuide() {
  return (
    <section aria-labelledby={WEBHOOKS_GUIDE_ID}>
      <h2 id={WEBHOOKS_GUIDE_ID}>Webhooks: receiving and verifying events</h2>
      <p>
        The service POSTs each event as JSON to every subscribed URL (
        <a href="#tag-Webhooks">the Webhooks routes</a> subscribe). Deliveries follow{' '}
        <a href="https://www.standardwebhooks.com/">Standard Webhooks</a>, so any of its libraries
        verifies them. Each carries three headers:
      </p>
      <ul>
        <li>
          <code>webhook-id</code>: the event id (<code>evt_…</code>), the same on every retry;
          ignore an id you have already handled.
        </li>
        <li>
          <code>webhook-timestamp</code>: Unix seconds when this attempt was sent (real time, even
          when the sandbox clock has been moved).
        </li>
        <li>
          <code>webhook-signature</code>: <code>v1,</code> followed by the base64 HMAC-SHA256 of{' '}
          <code>{'${webhook-id}.${webhook-timestamp}.${body}'}</code>, keyed by the base64-decoded
          part of the subscription's secret after <code>whsec_</code>. Compute it over the{' '}
          <b>raw</b> body, before parsing it.
        </li>
      </ul>
      <p>
        Refuse a delivery whose signature does not match, or whose timestamp is more than{' '}
        <b>5 minutes</b> from your clock (that stops a captured delivery being replayed).
      </p>
      <p>
        Any 2xx answer is success. Anything else, or no answer within 10 s, is retried after about{' '}
        {RETRY_DELAYS_MS.map(duration).join(', ')} (each ±20%): {MAX_ATTEMPTS} attempts in all.{' '}
        <code>GET /api/webhooks/{'{id}'}/deliveries</code> shows each delivery with every attempt
        (when, the status code or why none came, how long it took).
      </p>
      <p>
        <b>Test your receiver</b> (sandbox): <code>POST /api/webhooks/test</code> (or{' '}
        <code>/api/webhook/test</code>) with <code>{'{"eventType": "PAYMENTS_STATUS"}'}</code> sends
        a test event to your sandbox subscriptions. Add <code>"tamper": "signature"</code> (signed
        with the wrong key) or <code>"tamper": "timestamp"</code> (correctly signed, but{' '}
        {STALE_TIMESTAMP_SECONDS / 60} minutes old) to prove your receiver refuses a forgery; those
        are sent once, never retried.
      </p>
      <pre tabindex={0}>{TEST_CALL}</pre>
      <p>
        <b>On your own machine</b>,{' '}
        <code>npm run webhooks -- listen --forward-to http://localhost:3000/</code> subscribes for
        you, prints the signing secret and forwards every delivery to your receiver unchanged.
      </p>
      <p>
        The full guide, with receivers in Node and Python to copy, is <code>docs/webhooks.md</code>{' '}
        in the Counter repository.
      </p>
    </section>
  );
}
