import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CredentialsUnreadableError,
  createFileCredentialStore,
  redact,
  type Credentials,
  type SecretBox,
} from './credentials';

const SECRET = 'tk_sandbox_Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5';
const creds: Credentials = {
  baseUrl: 'http://127.0.0.1:4010',
  secret: SECRET,
  environment: 'sandbox',
  kind: 'terminal',
  terminalId: '33333333-3333-4333-8333-333333333333',
  terminalName: 'Till 1',
  merchantName: 'Corner Café',
};

const dirs: string[] = [];
function tempPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-creds-'));
  dirs.push(dir);
  return join(dir, 'nested', 'credentials.bin');
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const mode = (path: string) => statSync(path).mode & 0o777;

describe('file credential store', () => {
  it('loads nothing before anything is saved', async () => {
    expect(await createFileCredentialStore(tempPath()).load()).toBeNull();
  });

  it('round-trips, in a file only the user can read, without the secret in clear', async () => {
    const path = tempPath();
    await createFileCredentialStore(path).save(creds);
    expect(mode(path)).toBe(0o600);
    expect(mode(`${path}.key`)).toBe(0o600);
    const bytes = readFileSync(path);
    expect(bytes.includes(Buffer.from(SECRET))).toBe(false);
    expect(bytes.includes(Buffer.from('Zm9vYmFy'))).toBe(false);
    expect(bytes.toString('latin1')).not.toContain('tk_sandbox');
    // A new store (a restarted kiosk) reads it back with the key beside it.
    expect(await createFileCredentialStore(path).load()).toEqual(creds);
  });

  it('replaces the file whole on save and leaves no temporary files', async () => {
    const path = tempPath();
    const store = createFileCredentialStore(path);
    await store.save(creds);
    await store.save({ ...creds, terminalName: 'Till 2' });
    expect((await store.load())?.terminalName).toBe('Till 2');
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(join(path, '..')).sort()).toEqual([
      'credentials.bin',
      'credentials.bin.key',
    ]);
  });

  it('clear() removes the saved credentials', async () => {
    const path = tempPath();
    const store = createFileCredentialStore(path);
    await store.save(creds);
    await store.clear();
    expect(existsSync(path)).toBe(false);
    expect(await store.load()).toBeNull();
    await store.clear(); // clearing twice is fine
  });

  it('refuses credentials sealed under another key, rather than inventing some', async () => {
    const path = tempPath();
    await createFileCredentialStore(path).save(creds);
    writeFileSync(`${path}.key`, Buffer.alloc(32, 7));
    await expect(createFileCredentialStore(path).load()).rejects.toThrow(
      CredentialsUnreadableError,
    );
  });

  it('uses a supplied SecretBox (how Electron plugs in safeStorage)', async () => {
    const path = tempPath();
    const sealed: string[] = [];
    const box: SecretBox = {
      encrypt: (plain) => {
        sealed.push(plain);
        return Buffer.from(plain, 'utf8').reverse();
      },
      decrypt: (b) => Buffer.from(b).reverse().toString('utf8'),
    };
    const store = createFileCredentialStore(path, box);
    await store.save(creds);
    expect(sealed).toHaveLength(1);
    expect(existsSync(`${path}.key`)).toBe(false);
    expect(await store.load()).toEqual(creds);
  });

  it('rejects credentials that are not well-formed instead of saving them', async () => {
    const store = createFileCredentialStore(tempPath());
    await expect(store.save({ ...creds, baseUrl: 'not a url' })).rejects.toThrow();
  });
});

describe('redact', () => {
  it('keeps only what may be shown, with no secret anywhere', () => {
    const shown = redact({ ...creds, baseUrl: 'https://user:pw@pay.example/' });
    expect(shown).toEqual({
      environment: 'sandbox',
      terminalName: 'Till 1',
      merchantName: 'Corner Café',
      baseUrl: 'https://pay.example',
    });
    const text = JSON.stringify(shown);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('pw');
    expect(text).not.toContain(creds.terminalId);
  });
});
