/**
 * The hosted payment page as a phone meets it: how long the service takes to answer
 * GET /pay/{id} (rendered with hono/jsx on every request) and how many bytes the page is. The
 * HTML, with its inline stylesheet, should fit in the first round trip of a new connection
 * (TCP's initial window is 10 segments, about 14 KB), so the first paint waits for nothing else.
 * The service runs in its own process; requests go one after another, so each figure is one
 * page's latency. Env: BENCH_PAGES (default 2000 per page).
 */
import { startChildServer } from './lib/child-server';
import type { Figure } from './lib/result';
import { percentile } from './lib/stats';

const SECRET = 'sk_sandbox_bench';
const PAGES = Number(process.env.BENCH_PAGES ?? 2000);
const FIRST_ROUND_TRIP_BYTES = 14_000;
const TARGET_P99_MS = 20;

async function timedGet(url: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const res = await fetch(url);
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return { ms, bytes: body.length };
}

export async function figures(): Promise<Figure[]> {
  const server = await startChildServer('service', [SECRET]);
  try {
    const res = await fetch(`${server.url}/api/payments/process-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` },
      // The largest method choice: tips and a split bill, notes and a long order id.
      body: JSON.stringify({
        customerId: 'bench',
        orderId: 'BENCH-0000000000000000000000000000000000000001',
        amount: 1234.56,
        notes: 'Table 12, two courses',
        splitBill: true,
      }),
    });
    if (!res.ok) throw new Error(`process-payment answered ${res.status}`);
    const { paymentUrl } = (await res.json()) as { paymentUrl: string };
    const cases = [
      { name: 'method choice (tips, split)', url: paymentUrl },
      { name: 'card form', url: `${paymentUrl}/card?tip=10&people=2` },
    ];
    const out: Figure[] = [];
    for (const page of cases) {
      for (let i = 0; i < 200; i++) await timedGet(page.url); // warm-up
      const latencies: number[] = [];
      let bytes = 0;
      for (let i = 0; i < PAGES; i++) {
        const result = await timedGet(page.url);
        latencies.push(result.ms);
        bytes = result.bytes;
      }
      out.push(
        {
          name: `${page.name}: HTML size`,
          value: bytes / 1000,
          unit: 'KB',
          target: { op: '<=', value: FIRST_ROUND_TRIP_BYTES / 1000 },
        },
        { name: `${page.name}: p50`, value: percentile(latencies, 50), unit: 'ms' },
        {
          name: `${page.name}: p99`,
          value: percentile(latencies, 99),
          unit: 'ms',
          target: { op: '<=', value: TARGET_P99_MS },
        },
      );
    }
    return out;
  } finally {
    await server.stop();
  }
}
