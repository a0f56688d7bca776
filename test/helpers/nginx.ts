/**
 * nginx (Debian's `nginx` package, /usr/sbin/nginx) in front of service instances, configured
 * with the very block docs/scaling.md tells operators to use: its upstream's addresses become the
 * instances', its TLS listener a loopback port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** The ```nginx block of docs/scaling.md. */
export function documentedNginxConfig(): string {
  const doc = readFileSync(
    fileURLToPath(new URL('../../docs/scaling.md', import.meta.url)),
    'utf8',
  );
  const block = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/scaling.md has no nginx block');
  return block;
}

export interface Nginx {
  url: string;
  /** What nginx logged (warnings and errors): why a request failed. */
  errorLog(): string;
  stop(): Promise<void>;
}

export async function startNginx(port: number, upstreams: string[]): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'counter-nginx-'));
  mkdirSync(join(dir, 'tmp'));
  let servers = 0;
  const site = documentedNginxConfig()
    .replace(
      /^(\s*)server \d+\.\d+\.\d+\.\d+:\d+(.*)$/gm,
      (_line, indent: string, rest: string) => {
        const upstream = upstreams[servers++];
        if (!upstream) throw new Error('more upstream servers in the docs than instances');
        return `${indent}server ${upstream}${rest}`;
      },
    )
    .replace(/listen 443 ssl;/, `listen 127.0.0.1:${port};`);
  if (servers !== upstreams.length) throw new Error('the docs name fewer upstream servers');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `${kind}_temp_path ${join(dir, 'tmp', kind)};`)
    .join('\n  ');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  ${temp}
${site}
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let waited = 0; !(await accepts(port)); waited += 50) {
    if (waited > 10_000 || child.exitCode !== null)
      throw new Error(`nginx did not start: ${errors}${safeRead(join(dir, 'error.log'))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    errorLog: () => safeRead(join(dir, 'error.log')),
    async stop() {
      child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function safeRead(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
