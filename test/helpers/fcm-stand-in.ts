/**
 * For tests only: a local HTTPS stand-in for Google's OAuth2 token endpoint and the FCM v1 send
 * endpoint, which cannot be reached from here. firebase-admin's own HTTP code talks to it through
 * `agent`, which connects every request to the stand-in whatever host it names while keeping
 * the TLS server name, so certificate checks still run against oauth2.googleapis.com and
 * fcm.googleapis.com. Tokens named in `failures` get FCM's real error answers.
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, Agent, type AgentOptions } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type ConnectionOptions, type TLSSocket } from 'node:tls';

export const STAND_IN_PROJECT = 'counter-test-project';

/** An FCM v1 message as firebase-admin posts it. */
export interface SentMessage {
  token: string;
  data?: Record<string, string>;
  android?: { priority?: string };
  /** The TLS server name the request came in on. */
  host: string;
}

/** FCM v1 error answers, as documented for messages:send. */
export const FCM_ERRORS = {
  UNREGISTERED: {
    status: 404,
    body: {
      error: {
        code: 404,
        message: 'Requested entity was not found.',
        status: 'NOT_FOUND',
        details: [
          {
            '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError',
            errorCode: 'UNREGISTERED',
          },
        ],
      },
    },
  },
  INVALID_TOKEN: {
    status: 400,
    body: {
      error: {
        code: 400,
        message: 'The registration token is not a valid FCM registration token',
        status: 'INVALID_ARGUMENT',
        details: [
          {
            '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError',
            errorCode: 'INVALID_ARGUMENT',
          },
        ],
      },
    },
  },
  INTERNAL: {
    status: 500,
    body: {
      error: {
        code: 500,
        message: 'Internal error encountered.',
        status: 'INTERNAL',
        details: [
          { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'INTERNAL' },
        ],
      },
    },
  },
} as const;
export type FcmFailure = keyof typeof FCM_ERRORS;

export interface FcmStandIn {
  serviceAccount: { type: string; project_id: string; client_email: string; private_key: string };
  agent: Agent;
  /** Every message accepted, in order. */
  sent: SentMessage[];
  /** Every messages:send attempt, accepted or not, by token. */
  attempts: Map<string, number>;
  /** Access tokens handed out for valid service-account assertions. */
  tokensIssued: number;
  /** Make sends to `token` fail: with `times`, only the first that many attempts. */
  fail(token: string, failure: FcmFailure, times?: number): void;
  /** Resolves with the first accepted message (from the start) that matches. */
  next(match: (m: SentMessage) => boolean, timeoutMs?: number): Promise<SentMessage>;
  close(): Promise<void>;
}

const SERVER_NAMES = ['oauth2.googleapis.com', 'fcm.googleapis.com', 'www.googleapis.com'];

function selfSignedCert(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'fcm-stand-in-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-subj',
        '/CN=fcm-stand-in',
        '-addext',
        `subjectAltName=${SERVER_NAMES.map((n) => `DNS:${n}`).join(',')}`,
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Connects every request to 127.0.0.1:port, keeping the requested host as the TLS server name. */
class StandInAgent extends Agent {
  constructor(
    private readonly port: number,
    options: AgentOptions,
  ) {
    super(options);
  }
  override createConnection(
    options: ConnectionOptions & { host?: string },
    callback?: (error: Error | null, socket: Socket) => void,
  ): TLSSocket {
    const socket = connect({
      ...options,
      host: '127.0.0.1',
      port: this.port,
      servername: options.servername || options.host,
      ca: this.options.ca,
    });
    if (callback) socket.once('secureConnect', () => callback(null, socket));
    return socket;
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function answer(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

/** Checks a service-account JWT assertion (RS256) against the account's public key. */
function validAssertion(assertion: string, publicKey: string, clientEmail: string): boolean {
  const [header, payload, signature] = assertion.split('.');
  if (!header || !payload || !signature) return false;
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    publicKey,
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return false;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
    iss?: string;
    aud?: string;
    scope?: string;
    exp?: number;
  };
  return (
    claims.iss === clientEmail &&
    claims.aud === 'https://oauth2.googleapis.com/token' &&
    (claims.scope ?? '')
      .split(' ')
      .includes('https://www.googleapis.com/auth/firebase.messaging') &&
    (claims.exp ?? 0) * 1000 > Date.now()
  );
}

export async function startFcmStandIn(): Promise<FcmStandIn> {
  const tls = selfSignedCert();
  const keys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const clientEmail = `counter@${STAND_IN_PROJECT}.iam.gserviceaccount.com`;
  const accessTokens = new Set<string>();
  const failures = new Map<string, { failure: FcmFailure; left: number }>();
  const waiters = new Set<() => void>();
  const sendPath = `/v1/projects/${STAND_IN_PROJECT}/messages:send`;

  const standIn: FcmStandIn = {
    serviceAccount: {
      type: 'service_account',
      project_id: STAND_IN_PROJECT,
      client_email: clientEmail,
      private_key: keys.privateKey,
    },
    agent: undefined as unknown as Agent,
    sent: [],
    attempts: new Map(),
    tokensIssued: 0,
    fail(token, failure, times = Infinity) {
      failures.set(token, { failure, left: times });
    },
    next(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = standIn.sent.find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error('no matching FCM message reached the stand-in'));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: async () => {},
  };

  const server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    void (async () => {
      const body = await readBody(req);
      const host = (req.socket as TLSSocket).servername || '';
      const url = new URL(req.url ?? '/', `https://${host}`);
      if (req.method === 'POST' && url.pathname.endsWith('/token')) {
        const form = new URLSearchParams(body);
        const assertion = form.get('assertion') ?? '';
        if (
          form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' ||
          !validAssertion(assertion, keys.publicKey, clientEmail)
        )
          return answer(res, 400, {
            error: 'invalid_grant',
            error_description: 'Invalid JWT Signature.',
          });
        const token = `ya29.stand-in-${randomBytes(8).toString('hex')}`;
        accessTokens.add(token);
        standIn.tokensIssued++;
        return answer(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
      }
      if (req.method === 'POST' && url.pathname === sendPath && host === 'fcm.googleapis.com') {
        const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        if (!bearer || !accessTokens.has(bearer))
          return answer(res, 401, {
            error: {
              code: 401,
              message: 'Request had invalid authentication credentials.',
              status: 'UNAUTHENTICATED',
            },
          });
        const { message } = JSON.parse(body) as { message: Omit<SentMessage, 'host'> };
        standIn.attempts.set(message.token, (standIn.attempts.get(message.token) ?? 0) + 1);
        const failing = failures.get(message.token);
        if (failing && failing.left > 0) {
          failing.left--;
          const { status, body: error } = FCM_ERRORS[failing.failure];
          return answer(res, status, error);
        }
        standIn.sent.push({ ...message, host });
        for (const waiter of [...waiters]) waiter();
        return answer(res, 200, {
          name: `projects/${STAND_IN_PROJECT}/messages/${standIn.sent.length}`,
        });
      }
      answer(res, 404, {
        error: {
          code: 404,
          message: `stand-in: no ${req.method} ${url.pathname}`,
          status: 'NOT_FOUND',
        },
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  standIn.agent = new StandInAgent(port, { ca: tls.cert, keepAlive: false });
  standIn.close = () =>
    new Promise<void>((resolve) => {
      standIn.agent.destroy();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return standIn;
}
