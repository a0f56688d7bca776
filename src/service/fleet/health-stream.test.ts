/**
 * Health reports on one request the kiosk keeps open (docs/fleet.md): each line is taken as it
 * arrives, while the request is still open; the answer counts them; a kiosk streams for itself
 * only; a bad line is refused naming its line and field and ends the request, the lines before it
 * kept. Real HTTP on loopback, through the product's own client.
 */
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../client/http-client';
import { ApiClientError } from '../../shared/contract/call';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { TerminalHealth } from '../../shared/contract/fleet';
import { HEALTH_REPORT } from '../../../test/helpers/fleet';
import { SANDBOX, pairTerminal, startService, type Harness } from '../../../test/helpers/service';
import { poll } from '../../../test/helpers/webhook-receiver';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

const REPORT = HEALTH_REPORT;

const healthOf = async (id: string) =>
  TerminalHealth.parse(
    (await h.call('GET', `/api/terminals/${id}/health`, undefined, SANDBOX)).body,
  );

/** The raw request a client of another language would send: the body's text as given. */
const post = async (id: string, secret: string, text: string, type = 'application/x-ndjson') => {
  const res = await request(`${h.url}/api/terminals/${id}/health/stream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': type },
    body: text,
  });
  return { status: res.statusCode, body: ErrorEnvelope.safeParse(await res.body.json()) };
};
const line = (report: object) => `${JSON.stringify(report)}\n`;

describe('health reports on a kept-open request', () => {
  it('takes each report as it arrives and counts them when the kiosk ends the request', async () => {
    const till = await pairTerminal(h, 'Streaming till');
    const client = createClient({ baseUrl: h.url, secret: till.secret });
    const upload = client.openLines(
      'streamTerminalHealth',
      { params: { id: till.terminal.id } },
      60_000,
    );

    expect(upload.send({ ...REPORT, printer: { state: 'OFFLINE', jobsWaiting: 2 } })).toBe(true);
    const first = await poll(async () => {
      const health = await healthOf(till.terminal.id);
      return health.report !== null && health;
    });
    expect(first.report?.printer).toEqual({ state: 'OFFLINE', jobsWaiting: 2 });
    expect(upload.open).toBe(true);

    upload.send({ ...REPORT, uptimeSeconds: 42 });
    const second = await poll(async () => {
      const health = await healthOf(till.terminal.id);
      return health.report?.uptimeSeconds === 42 && health;
    });
    expect(second.report?.printer.state).toBe('READY');
    expect(second.history.map((entry) => entry.report.printer.state)).toEqual(['READY', 'OFFLINE']);

    expect(await upload.end()).toEqual({ received: 2, everySeconds: 30 });
    expect(upload.send(REPORT)).toBe(false);
  });

  it("refuses another terminal's stream, and the upload says it is closed", async () => {
    const mine = await pairTerminal(h, 'Mine');
    const theirs = await pairTerminal(h, 'Theirs');
    const client = createClient({ baseUrl: h.url, secret: mine.secret });
    const upload = client.openLines(
      'streamTerminalHealth',
      { params: { id: theirs.terminal.id } },
      60_000,
    );
    upload.send(REPORT);
    const refusal = await upload.end().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiClientError);
    expect((refusal as ApiClientError).status).toBe(403);
    expect((refusal as ApiClientError).envelope?.errors).toEqual([
      { field: 'id', message: 'is not the calling terminal' },
    ]);
    expect((await healthOf(theirs.terminal.id)).report).toBeNull();

    const merchant = await post(theirs.terminal.id, SANDBOX, line(REPORT));
    expect(merchant.status).toBe(403); // a merchant secret is no kiosk
  });

  it('refuses a bad line naming its number and field, keeping the lines before it', async () => {
    const till = await pairTerminal(h, 'Bad line');
    const bad = { ...REPORT, uptimeSeconds: 99, printer: { state: 'ON_FIRE', jobsWaiting: 0 } };
    const res = await post(till.terminal.id, till.secret, line(REPORT) + line(bad) + line(REPORT));
    expect(res.status).toBe(400);
    expect(res.body.data?.errors).toEqual([
      expect.objectContaining({ field: 'lines.2.printer.state' }),
    ]);
    const health = await healthOf(till.terminal.id);
    expect(health.report).toEqual(REPORT);
    expect(health.history).toHaveLength(1);

    const notJson = await post(till.terminal.id, till.secret, `${line(REPORT)}{"appVersion":\n`);
    expect(notJson.status).toBe(400);
    expect(notJson.body.data?.errors).toEqual([{ field: 'lines.2', message: 'is not valid JSON' }]);
  });

  it('refuses a body that is not newline-delimited JSON, and a line over 64 KiB', async () => {
    const till = await pairTerminal(h, 'Wrong type');
    const json = await post(
      till.terminal.id,
      till.secret,
      JSON.stringify(REPORT),
      'application/json',
    );
    expect(json.status).toBe(415);
    expect(json.body.data?.errors).toEqual([expect.objectContaining({ field: '(body)' })]);

    const long = await post(till.terminal.id, till.secret, `{"appVersion":"${'9'.repeat(70_000)}`);
    expect(long.status).toBe(413);
    expect((await healthOf(till.terminal.id)).report).toBeNull();
  });
});
