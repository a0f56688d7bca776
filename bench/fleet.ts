/**
 * The fleet's health reports at scale (docs/fleet.md): one service process with BENCH_KIOSKS
 * (default 5,000) paired kiosks, each connected to its push stream and reporting its health
 * every 30 s as the kiosk does, a line on the upload it keeps open (POST
 * /api/terminals/{id}/health/stream, through the product's client), the reports spread evenly
 * over the 30 s. A kiosk replaces its upload every 4 minutes, every 8th report: so in the window
 * every 8th kiosk ends its upload and opens another before its report. Reports:
 *   - the service's CPU for the reports: its CPU while they arrive less its CPU over as long with
 *     the same kiosks connected and quiet (the mean of a quiet window before and one after, so
 *     that a machine getting busier or quieter meanwhile counts less), in % of one core (target:
 *     under 5 %);
 *   - push latency meanwhile (a remote payment's HTTP answer to its arrival on the kiosk's
 *     stream, one every 200 ms), p50 and p99 (target: the push-latency benchmark's 20 ms);
 *   - errors: failed reports or pushes (any fails the run).
 * Env: BENCH_KIOSKS (default 5000), BENCH_FLEET_SECONDS (the measured window, default 30: each
 * kiosk reports once in it). Each kiosk's stream and upload are a socket each at each end:
 * `ulimit -n` must allow about 2 × BENCH_KIOSKS + 256 descriptors.
 */
import { execFileSync } from 'node:child_process';
import { Agent } from 'undici';
import { createClient, type LineUpload } from '../src/client/http-client';
import { connectSse, type SseConnection } from '../test/helpers/sse';
import { startChildServer, type ChildServer } from './lib/child-server';
import type { Figure } from './lib/result';
import { percentile } from './lib/stats';
import { callApi } from './lib/api';
import { pool } from './lib/pool';

const SECRET = 'sk_sandbox_bench';
const KIOSKS = Number(process.env.BENCH_KIOSKS ?? 5000);
const WINDOW_S = Number(process.env.BENCH_FLEET_SECONDS ?? 30);
const EVERY_MS = 30_000;
const PUSH_EVERY_MS = 200;
const SETUP_CONCURRENCY = 16;
const TARGET_CPU_PERCENT = 5;
const TARGET_PUSH_P99_MS = 20;
/** A kiosk's upload lasts 4 minutes: 8 reports at 30 s. */
const REPORTS_PER_UPLOAD = 8;
const UPLOAD_MS = 240_000;

interface Kiosk {
  id: string;
  secret: string;
  stream?: SseConnection;
  upload?: LineUpload<unknown>;
}

const report = (i: number) => ({
  appVersion: '0.1.0',
  uptimeSeconds: 1000 + i,
  display: { attached: true, showing: true },
  printer: { state: 'READY', jobsWaiting: 0 },
  offlineWork: { waiting: 0, oldestAt: null },
  lastSyncAt: new Date().toISOString(),
  diskFreeBytes: 10_000_000_000,
});

function checkDescriptors() {
  const limit = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
  if (Number.isFinite(limit) && limit < 2 * KIOSKS + 256)
    throw new Error(`ulimit -n is ${limit}; run \`ulimit -n ${2 * KIOSKS + 256}\` first`);
}

async function setUp(server: ChildServer): Promise<Kiosk[]> {
  const kiosks: Kiosk[] = [];
  await pool(KIOSKS, SETUP_CONCURRENCY, async (i) => {
    const { code } = await callApi(server.url, 'POST', '/api/terminal/pairing-codes', {}, SECRET);
    const paired = await callApi(
      server.url,
      'POST',
      '/api/terminal/pair',
      { code, name: `Kiosk ${i}` },
      null,
    );
    const kiosk: Kiosk = {
      id: (paired.terminal as { id: string }).id,
      secret: paired.secret as string,
    };
    kiosk.stream = await connectSse(`${server.url}/api/terminal/events`, kiosk.secret);
    await kiosk.stream.next((e) => e.event === 'ready', 30_000);
    kiosk.stream.events.length = 0;
    kiosks[i] = kiosk;
  });
  return kiosks;
}

/** The child's CPU while `during` runs, in % of one core. */
async function cpuOver(server: ChildServer, during: () => Promise<void>) {
  const before = await server.cpuMicros();
  const start = performance.now();
  await during();
  const wall = performance.now() - start;
  return ((await server.cpuMicros()) - before) / 10 / wall;
}

export async function figures(): Promise<Figure[]> {
  checkDescriptors();
  const server = await startChildServer('service', [SECRET]);
  // A connection per upload, as each kiosk has its own.
  const uploads = new Agent();
  let errors = 0;
  try {
    const kiosks = await setUp(server);
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const latencies: number[] = [];
    let pushing = true;
    let reporting = false;
    // A remote payment every 200 ms in both windows, so their difference is the reports alone.
    const pushes = (async () => {
      for (let i = 0; pushing; i++) {
        const kiosk = kiosks[(i * 7919) % kiosks.length]!;
        try {
          const { paymentRequestId } = (await callApi(
            server.url,
            'POST',
            '/api/terminal/process-remote-payment',
            { id: kiosk.id, amount: (100 + (i % 100)) / 100 },
            SECRET,
          )) as { paymentRequestId: string };
          const answeredAt = performance.now();
          const event = await kiosk.stream!.next(
            (e) => e.event === 'REMOTE_PAYMENT_REQUEST' && e.data.includes(paymentRequestId),
            30_000,
          );
          if (reporting) latencies.push(Math.max(0, event.receivedAt - answeredAt));
        } catch {
          errors++;
        }
        kiosk.stream!.events.length = 0;
        await sleep(PUSH_EVERY_MS);
      }
    })();
    // Every kiosk has reported once already, as a fleet running for a while has: the window
    // measures the steady state (an unchanged report), not each kiosk's first.
    await pool(kiosks.length, SETUP_CONCURRENCY, async (i) => {
      const kiosk = kiosks[i]!;
      await callApi(
        server.url,
        'POST',
        `/api/terminals/${kiosk.id}/health`,
        report(i),
        kiosk.secret,
      );
    });
    // Each kiosk's upload, opened as the kiosk opens it after its first report.
    const clients = kiosks.map((k) =>
      createClient({ baseUrl: server.url, secret: k.secret, dispatcher: uploads }),
    );
    const openUpload = (i: number) =>
      (kiosks[i]!.upload = clients[i]!.openLines(
        'streamTerminalHealth',
        { params: { id: kiosks[i]!.id } },
        UPLOAD_MS,
      ));
    // An upload's request reaches the service with its first line (undici sends the headers
    // with the first chunk of a streamed body): each kiosk sends one, so that the window holds
    // uploads under way, and only the ones replaced in it start anew.
    kiosks.forEach((_, i) => openUpload(i).send(report(i)));
    await sleep(5_000);
    let received = 0;
    const ended: Promise<unknown>[] = [];
    const endUpload = (kiosk: Kiosk) =>
      ended.push(
        kiosk.upload!.end().then(
          (answer) => (received += (answer as { received: number }).received),
          () => errors++,
        ),
      );
    // Quiet: the same kiosks connected, uploads open (heartbeats, the alert sweep over every
    // kiosk's last report, the pushes), nothing reported.
    const quietWindow = () => cpuOver(server, async () => void (await sleep(WINDOW_S * 1000)));
    const quietBefore = await quietWindow();

    reporting = true;

    // Each kiosk reports once per 30 s, at its own moment: one report every 30 s / N.
    const total = Math.round((KIOSKS * WINDOW_S * 1000) / EVERY_MS);
    const gapMs = EVERY_MS / KIOSKS;
    const busy = await cpuOver(server, async () => {
      const start = performance.now();
      for (let i = 0; i < total; i++) {
        const due = start + i * gapMs;
        const wait = due - performance.now();
        if (wait > 1) await sleep(wait);
        const k = i % kiosks.length;
        if (k % REPORTS_PER_UPLOAD === 0) {
          endUpload(kiosks[k]!);
          openUpload(k);
        }
        if (!kiosks[k]!.upload!.send(report(i))) errors++;
      }
    });
    reporting = false;
    const quietAfter = await quietWindow();

    const quiet = (quietBefore + quietAfter) / 2;
    // The uploads answer with their counts once ended: every report must have been taken.
    kiosks.forEach(endUpload);
    await Promise.all(ended);
    if (received !== total + kiosks.length) errors += Math.abs(total + kiosks.length - received);
    pushing = false;
    await pushes;
    for (const kiosk of kiosks) kiosk.stream?.close();
    const reportCpu = Math.max(0, busy - quiet);
    // CPU per report, so a run at a reduced size still says what 5,000 kiosks would cost.
    const microsPerReport = (reportCpu / 100) * 1e6 * (WINDOW_S / total);
    return [
      { name: 'kiosks connected', value: kiosks.length, unit: 'kiosks' },
      { name: `health reports sent (${WINDOW_S} s)`, value: total, unit: 'reports' },
      {
        name: 'service CPU, kiosks connected and quiet (before)',
        value: quietBefore,
        unit: '% of a core',
      },
      {
        name: 'service CPU, kiosks connected and quiet (after)',
        value: quietAfter,
        unit: '% of a core',
      },
      { name: 'service CPU while reporting', value: busy, unit: '% of a core' },
      {
        name: 'service CPU for health reports (reporting less quiet)',
        value: reportCpu,
        unit: '% of a core',
        target: { op: '<=', value: TARGET_CPU_PERCENT },
      },
      { name: 'service CPU per health report', value: microsPerReport, unit: 'µs' },
      {
        name: 'service CPU for 5,000 kiosks every 30 s, from the figure per report',
        value: ((5000 / 30) * microsPerReport) / 1e4,
        unit: '% of a core',
      },
      { name: 'push latency p50 while reporting', value: percentile(latencies, 50), unit: 'ms' },
      {
        name: `push latency p99 while reporting (${latencies.length} pushes)`,
        value: percentile(latencies, 99),
        unit: 'ms',
        target: { op: '<=', value: TARGET_PUSH_P99_MS },
      },
      { name: 'errors', value: errors, unit: 'errors', target: { op: '<=', value: 0 } },
    ];
  } finally {
    await uploads.close();
    await server.stop();
  }
}
