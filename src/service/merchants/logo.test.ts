/**
 * The merchant's logo is only ever a PNG (docs/security.md, "The merchant's logo"), over real
 * HTTP on the suite's store: every SVG that got past the old list of what an SVG may not hold is
 * drawn into a harmless PNG, a `<use>` bomb and a file that takes too long to draw are refused in
 * bounded time changing nothing, a file of this machine cannot be drawn into a logo, PNG uploads
 * are checked chunk by chunk, and SVG logos stored before are converted at start.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../shared/contract/errors';
import { Merchant } from '../../shared/contract/merchants';
import { startService, TEST_STORE, type Harness } from '../../../test/helpers/service';

let h: Harness;
beforeAll(async () => {
  h = await startService();
});
afterAll(() => h.close());

const getMerchant = async () => Merchant.parse((await h.call('GET', '/api/merchant')).body);
const patch = (body: unknown) => h.call('PATCH', '/api/merchant', body);
const dataUrl = (type: string, bytes: Buffer | string) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
const svgLogo = (svg: string) => patch({ logo: dataUrl('image/svg+xml', svg) });

const NS = 'xmlns="http://www.w3.org/2000/svg"';
/** A red square the size given: what each hostile file also draws, so the PNG shows it. */
const square = (size = 40) => `<rect width="${size}" height="${size}" fill="#c00"/>`;

/** The logo as served: always image/png with nosniff, decoded; never an SVG. */
async function servedLogo(logoUrl: string) {
  const res = await fetch(logoUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.toString('latin1')).not.toMatch(/<svg|<script|<meta|javascript:/i);
  return PNG.sync.read(bytes);
}

/** The RGBA of one pixel of a decoded PNG. */
const pixel = (png: PNG, x: number, y: number) => [
  ...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 4),
];

function expectRefused(res: { status: number; body: unknown }, message: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  const envelope = ErrorEnvelope.parse(res.body);
  expect(envelope.errors).toEqual([{ field: 'logo', message: expect.stringMatching(message) }]);
}

/** A 10×10 `<use>` chain `depth` deep: 2 KB that would be 10^depth elements. */
function useBomb(depth: number): string {
  let defs = `<rect id="l0" width="4" height="4" fill="#c00"/>`;
  for (let d = 1; d <= depth; d++)
    defs += `<g id="l${d}">${`<use href="#l${d - 1}"/>`.repeat(10)}</g>`;
  return `<svg ${NS} width="40" height="40"><defs>${defs}</defs><use href="#l${depth}"/></svg>`;
}

describe('an SVG that got past the old checks', () => {
  const XLINK = 'http://www.w3.org/1999/xlink';
  it.each([
    [
      'a meta refresh in the XHTML namespace (an open redirect on this origin)',
      `<svg ${NS} width="40" height="40">${square()}<meta xmlns="http://www.w3.org/1999/xhtml" http-equiv="refresh" content="0;url=https://evil.example/"/></svg>`,
    ],
    [
      'a foreignObject under a prefix',
      `<svg ${NS} xmlns:s.v="http://www.w3.org/2000/svg" width="40" height="40">${square()}<s.v:foreignObject width="40" height="40"><div xmlns="http://www.w3.org/1999/xhtml" style="position:fixed;inset:0;background:#fff">Pay at evil.example instead</div></s.v:foreignObject></svg>`,
    ],
    [
      'an x:href under a prefix other than xlink',
      `<svg ${NS} xmlns:x="${XLINK}" width="40" height="40"><a x:href="https://evil.example/">${square()}</a></svg>`,
    ],
    [
      'a <set> turning an href into an outside link',
      `<svg ${NS} width="40" height="40"><a href="#a"><set attributeName="href" to="https://evil.example/"/>${square()}</a></svg>`,
    ],
    [
      'an escaped @import, url( and javascript:',
      `<svg ${NS} width="40" height="40"><style>@\\69mport "https://t.example/a.css"; rect { fill: #c00; background: u\\72l(https://t.example/p.png) }</style><a href="#a"><set attributeName="href" to="jav&#x61;script:alert(document.domain)"/>${square()}</a></svg>`,
    ],
  ])('%s is served as a harmless PNG of what it draws', async (_, svg) => {
    const res = await svgLogo(svg);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const png = await servedLogo(Merchant.parse(res.body).logoUrl!);
    expect([png.width, png.height]).toEqual([40, 40]);
    expect(pixel(png, 20, 20)).toEqual([204, 0, 0, 255]);
  });

  it('keeps its own size, and a large one is scaled down to 1024 pixels a side', async () => {
    const wide = await svgLogo(
      `<svg ${NS} width="120" height="40"><rect width="120" height="40" fill="#6b3e26"/></svg>`,
    );
    const small = await servedLogo(Merchant.parse(wide.body).logoUrl!);
    expect([small.width, small.height]).toEqual([120, 40]);
    const huge = await svgLogo(`<svg ${NS} width="40000" height="20000">${square(40000)}</svg>`);
    const scaled = await servedLogo(Merchant.parse(huge.body).logoUrl!);
    expect([scaled.width, scaled.height]).toEqual([1024, 512]);
  });
});

describe('an SVG that would take too long to draw', () => {
  it('a 10×10 <use> chain nine deep is refused at once, changing nothing', async () => {
    const before = await getMerchant();
    const bomb = useBomb(9);
    expect(bomb.length).toBeLessThan(2_100);
    const started = Date.now();
    const res = await svgLogo(bomb);
    expect(Date.now() - started).toBeLessThan(2_000);
    expectRefused(res, /more than 10000 elements once <use>/);
    expect(await getMerchant()).toEqual(before);
  });

  it('a use chain that references itself or runs 20 deep, and markers copied onto every vertex, are refused', async () => {
    expectRefused(
      await svgLogo(
        `<svg ${NS}><g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g></svg>`,
      ),
      /reference itself/,
    );
    const chain = Array.from({ length: 20 }, (_, i) => `<use id="c${i + 1}" href="#c${i}"/>`);
    expectRefused(
      await svgLogo(`<svg ${NS}><rect id="c0"/>${chain.reverse().join('')}</svg>`),
      /chain references more than 16 deep/,
    );
    const marker = `<marker id="m">${square(1).repeat(50)}</marker>`;
    const points = Array.from({ length: 500 }, (_, i) => `${i} ${i % 7}`).join(' ');
    expectRefused(
      await svgLogo(
        `<svg ${NS}>${marker}<polyline marker-mid="url(#m)" points="${points}"/></svg>`,
      ),
      /more than 10000 elements/,
    );
  });

  it('one whose drawing overruns is stopped and refused; the service answers meanwhile', async () => {
    const before = await getMerchant();
    // Few elements, but a thousand octaves of noise on a million pixels: minutes of resvg.
    const slow =
      `<svg ${NS} width="1024" height="1024"><filter id="f"><feTurbulence baseFrequency="0.05" ` +
      `numOctaves="1000"/></filter><rect width="1024" height="1024" filter="url(#f)"/></svg>`;
    const started = Date.now();
    const upload = svgLogo(slow);
    // The drawing runs in a process of its own: this process answers as usual.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const during = Date.now();
    expect((await h.call('GET', '/api/merchant')).status).toBe(200);
    expect(Date.now() - during).toBeLessThan(2_000);
    expectRefused(await upload, /took longer than 5 s to draw/);
    expect(Date.now() - started).toBeLessThan(9_000);
    expect(await getMerchant()).toEqual(before);
  });
});

describe('an SVG naming something outside itself', () => {
  it.each([
    ['a path', (file: string) => file],
    ['a file: URL', (file: string) => `file://${file}`],
    ['an address', () => 'https://t.example/pixel.png'],
    ['another SVG', () => `data:image/svg+xml,${encodeURIComponent(useBomb(9))}`],
  ])('an <image> of %s is refused: no file of this machine is drawn', async (_, href) => {
    const dir = mkdtempSync(join(tmpdir(), 'logo-file-'));
    const file = join(dir, 'secret.png');
    const secret = new PNG({ width: 4, height: 4 });
    secret.data.fill(255);
    writeFileSync(file, PNG.sync.write(secret));
    try {
      const before = await getMerchant();
      expectRefused(
        await svgLogo(
          `<svg ${NS} xmlns:q="http://www.w3.org/1999/xlink" width="4" height="4"><image q:href="${href(file)}" width="4" height="4"/></svg>`,
        ),
        /must not refer to files|only PNG or JPEG/,
      );
      expect(await getMerchant()).toEqual(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an <image> embedding a PNG is drawn with it', async () => {
    const inner = new PNG({ width: 2, height: 2 });
    for (let i = 0; i < 16; i += 4) inner.data.set([0, 0, 255, 255], i);
    const href = dataUrl('image/png', PNG.sync.write(inner));
    const res = await svgLogo(
      `<svg ${NS} width="8" height="8"><image href="${href}" width="8" height="8"/></svg>`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(pixel(await servedLogo(Merchant.parse(res.body).logoUrl!), 4, 4)).toEqual([
      0, 0, 255, 255,
    ]);
  });
});

/** A PNG built chunk by chunk, for the checks of a PNG upload. */
function pngOf(width: number, height: number, extra = Buffer.alloc(0)): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(Math.min(height, 4) * (1 + width * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
    extra,
  ]);
}
function crc(bytes: Buffer): number {
  let c = ~0;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

describe('a PNG upload', () => {
  it('is kept as it was sent', async () => {
    const png = PNG.sync.write(new PNG({ width: 3, height: 2 }));
    const res = await patch({ logo: dataUrl('image/png', png) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const served = await fetch(Merchant.parse(res.body).logoUrl!);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
  });

  it.each([
    ['larger than 2048 pixels a side', pngOf(40_000, 40_000), /at most 2048×2048 pixels/],
    [
      'with a damaged chunk',
      Buffer.from(pngOf(4, 4).map((b, i) => (i === 40 ? b ^ 1 : b))),
      /damaged/,
    ],
    [
      'with anything after its end',
      pngOf(4, 4, Buffer.from('<html><script>x</script>')),
      /after its end/,
    ],
    ['cut short', pngOf(4, 4).subarray(0, 40), /ends inside a chunk/],
  ])('%s is refused, changing nothing', async (_, png, message) => {
    const before = await getMerchant();
    expectRefused(await patch({ logo: dataUrl('image/png', png) }), message);
    expect(await getMerchant()).toEqual(before);
  });
});

describe('SVG logos stored before this version', () => {
  it('are drawn into PNGs at start, or dropped when refused, and the table holds only PNGs', async () => {
    const good = `<svg ${NS} width="120" height="40"><rect width="120" height="40" fill="#6b3e26"/></svg>`;
    const old = await oldDatabase([
      { id: '00000000-0000-4000-8000-000000000001', svg: good },
      { id: '00000000-0000-4000-8000-000000000002', svg: useBomb(9) },
    ]);
    const lines: string[] = [];
    const started = await startService({ ...old.options, log: (line) => lines.push(line) });
    try {
      const { logoUrl } = Merchant.parse((await started.call('GET', '/api/merchant')).body);
      expect(logoUrl).toMatch(/\/api\/merchants\/00000000-0000-4000-8000-000000000001\/logo/);
      const png = await servedLogo(logoUrl!);
      expect([png.width, png.height]).toEqual([120, 40]);
      expect(pixel(png, 60, 20)).toEqual([0x6b, 0x3e, 0x26, 255]);
      const dropped = `${started.url}/api/merchants/00000000-0000-4000-8000-000000000002/logo`;
      expect((await fetch(dropped)).status).toBe(404);
      expect(lines.join('\n')).toMatch(/00000000-0000-4000-8000-000000000002.*removed/);
      // The sandbox's copies likewise; nothing but a PNG can be stored from now on.
      const kept = await started.service.store
        .prepare<[], { merchant_id: string; content_type: string }>(
          'SELECT merchant_id, content_type FROM sandbox_logos ORDER BY merchant_id',
        )
        .all();
      expect(kept).toEqual([
        { merchant_id: '00000000-0000-4000-8000-000000000001', content_type: 'image/png' },
      ]);
      await expect(
        started.service.store
          .prepare(
            `INSERT INTO merchant_logos (merchant_id, content_type, data, updated_at)
               VALUES ('00000000-0000-4000-8000-000000000002', 'image/svg+xml', 'PHN2Zy8+', 1)`,
          )
          .run(),
      ).rejects.toThrow(/CHECK|check constraint/i);
    } finally {
      await started.close();
      old.remove();
    }
  }, 30_000);
});

/**
 * A database as the version before PNG-only logos left it, with these merchants and their SVG
 * logos: migrated up to the migration that converts them, on the suite's store.
 */
async function oldDatabase(merchants: { id: string; svg: string }[]) {
  const rows = merchants.map((m, i) => [
    m.id,
    `Shop ${i}`,
    i + 1,
    Buffer.from(m.svg).toString('base64'),
  ]);
  if (TEST_STORE === 'postgres') {
    const { freshDatabaseUrl } = await import('../../../test/helpers/postgres');
    const { migratePostgres } = await import('../kernel/store/postgres/migrate');
    const { postgresMigrations } = await import('../kernel/store/migrations');
    const pg = (await import('pg')).default;
    const url = await freshDatabaseUrl();
    const pool = new pg.Pool({ connectionString: url });
    const before = postgresMigrations.findIndex((sql) => sql.includes('svg_logos_to_convert'));
    await migratePostgres(pool, postgresMigrations.slice(0, before));
    for (const [id, name, at, data] of rows) {
      await pool.query('INSERT INTO merchants (id, name, created_at) VALUES ($1, $2, $3)', [
        id,
        name,
        at,
      ]);
      for (const table of ['merchant_logos', 'sandbox_logos'])
        await pool.query(
          `INSERT INTO ${table} (merchant_id, content_type, data, updated_at)
           VALUES ($1, 'image/svg+xml', $2, $3)`,
          [id, data, at],
        );
    }
    await pool.end();
    return { options: { dataDir: null, databaseUrl: url }, remove: () => {} };
  }
  const Database = (await import('../../sqlite')).default;
  const { migrate } = await import('../kernel/store/db');
  const { sqliteMigrations: migrations } = await import('../kernel/store/migrations');
  const dir = mkdtempSync(join(tmpdir(), 'logo-upgrade-'));
  const db = new Database(join(dir, 'service.db'));
  migrate(
    db,
    migrations.slice(
      0,
      migrations.findIndex((sql) => sql.includes('svg_logos_to_convert')),
    ),
  );
  for (const [id, name, at, data] of rows) {
    db.prepare('INSERT INTO merchants (id, name, created_at) VALUES (?, ?, ?)').run(id, name, at);
    for (const table of ['merchant_logos', 'sandbox_logos'])
      db.prepare(
        `INSERT INTO ${table} (merchant_id, content_type, data, updated_at)
         VALUES (?, 'image/svg+xml', ?, ?)`,
      ).run(id, data, at);
  }
  db.close();
  return { options: { dataDir: dir }, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
