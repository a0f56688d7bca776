/**
 * Where the kiosk keeps its access secret. The Electron shell stores it with safeStorage (the
 * operating system's keychain) through a SecretBox; browser mode uses a file readable only by
 * the user, encrypted under a key file beside it. The secret never reaches logs or the renderer:
 * they get `redact(credentials)`.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { Environment } from '../../shared/contract/common';

export const Credentials = z.object({
  baseUrl: z.url(),
  secret: z.string().min(1),
  environment: Environment,
  kind: z.enum(['terminal', 'merchant']),
  terminalId: z.string().optional(),
  terminalName: z.string().optional(),
  merchantName: z.string().optional(),
});
export type Credentials = z.infer<typeof Credentials>;

/** What may be shown or logged about a pairing: no secret, no ids. */
export interface RedactedCredentials {
  environment: Credentials['environment'];
  terminalName?: string;
  merchantName?: string;
  baseUrl: string;
}

export interface CredentialStore {
  load(): Promise<Credentials | null>;
  save(credentials: Credentials): Promise<void>;
  clear(): Promise<void>;
}

/** Encrypts at rest. Electron plugs in safeStorage.encryptString / decryptString. */
export interface SecretBox {
  encrypt(plain: string): Buffer;
  decrypt(sealed: Buffer): string;
}

export class CredentialsUnreadableError extends Error {
  constructor(path: string, cause: unknown) {
    super(
      `The saved pairing in ${path} cannot be read (its key changed or the file is damaged). ` +
        'Pair this kiosk again.',
    );
    this.name = 'CredentialsUnreadableError';
    this.cause = cause;
  }
}

export function redact(c: Credentials): RedactedCredentials {
  let baseUrl = c.baseUrl;
  try {
    // A URL may carry a user and password of its own; they are secrets too.
    const url = new URL(c.baseUrl);
    url.username = '';
    url.password = '';
    baseUrl = url.toString().replace(/\/$/, '');
  } catch {
    /* schema-checked credentials always hold a URL */
  }
  return {
    environment: c.environment,
    ...(c.terminalName !== undefined ? { terminalName: c.terminalName } : {}),
    ...(c.merchantName !== undefined ? { merchantName: c.merchantName } : {}),
    baseUrl,
  };
}

const FORMAT_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Writes `data` so a reader sees the old file or the new one, never half of one. */
async function writeAtomic(path: string, data: Buffer): Promise<void> {
  await fs.mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await fs.open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.chmod(temp, 0o600); // the umask cannot widen it, but make the intent explicit
    await fs.rename(temp, path);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

async function readIfExists(path: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * AES-256-GCM under a random 32-byte key kept in `keyPath` (mode 0600, made on first use).
 * It keeps the secret out of casual reads, search indexes and backups of the credentials file
 * alone; it does not protect against the same user (or root), who can read the key file too.
 */
export function createKeyFileBox(keyPath: string) {
  let key: Buffer | null = null;

  async function ready(): Promise<Buffer> {
    if (key) return key;
    let stored = await readIfExists(keyPath);
    if (!stored) {
      await fs.mkdir(dirname(keyPath), { recursive: true, mode: 0o700 });
      try {
        await fs.writeFile(keyPath, randomBytes(32), { flag: 'wx', mode: 0o600 });
      } catch (error) {
        // Another process made it first; use theirs.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      stored = await fs.readFile(keyPath);
    }
    if (stored.length !== 32) throw new Error(`The key file ${keyPath} is not a 32-byte key`);
    key = stored;
    return key;
  }

  const box: SecretBox = {
    encrypt(plain) {
      if (!key) throw new Error('key not loaded');
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([FORMAT_VERSION]), iv, cipher.getAuthTag(), body]);
    },
    decrypt(sealed) {
      if (!key) throw new Error('key not loaded');
      if (sealed[0] !== FORMAT_VERSION) throw new Error('unknown credentials format');
      const iv = sealed.subarray(1, 1 + IV_BYTES);
      const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([
        decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
  return { box, ready };
}

/**
 * Credentials in one file (mode 0600, replaced atomically), sealed by `box`; by default by a
 * key file `<path>.key` beside it (see createKeyFileBox for what that does and does not protect).
 */
export function createFileCredentialStore(path: string, box?: SecretBox): CredentialStore {
  const keyed = box ? null : createKeyFileBox(`${path}.key`);
  const sealer = box ?? keyed!.box;
  const ready = async () => {
    if (keyed) await keyed.ready();
  };

  return {
    async load() {
      const sealed = await readIfExists(path);
      if (!sealed) return null;
      await ready();
      try {
        return Credentials.parse(JSON.parse(sealer.decrypt(sealed)));
      } catch (error) {
        throw new CredentialsUnreadableError(path, error);
      }
    },
    async save(credentials) {
      const valid = Credentials.parse(credentials);
      await ready();
      await writeAtomic(path, sealer.encrypt(JSON.stringify(valid)));
    },
    async clear() {
      const handle = await fs.open(path, 'r+').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (!handle) return;
      try {
        // Overwrite before unlinking; on copy-on-write file systems and SSDs the old blocks may
        // survive anyway, which is why the content is encrypted in the first place.
        const { size } = await handle.stat();
        await handle.write(Buffer.alloc(size), 0, size, 0);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rm(path, { force: true });
    },
  };
}

/** In memory only (tests, or a kiosk that must forget its pairing on exit). */
export function createMemoryCredentialStore(): CredentialStore {
  let saved: Credentials | null = null;
  return {
    load: () => Promise.resolve(saved ? { ...saved } : null),
    save: (c) => {
      saved = Credentials.parse(c);
      return Promise.resolve();
    },
    clear: () => {
      saved = null;
      return Promise.resolve();
    },
  };
}

/** Default place for browser mode's credentials inside the kiosk's data directory. */
export const credentialsPath = (dataDir: string) => join(dataDir, 'credentials.bin');
