/** A real SMTP server on loopback (smtp-server) that keeps every message it receives. */
import { SMTPServer } from 'smtp-server';

export interface Mail {
  to: string[];
  data: string;
}

export interface Mailbox {
  received: Mail[];
  /** The SMTP URL to give the service (`mail.smtpUrl`). */
  url: string;
  /** Waits for a message to `to`, then returns the newest one's 6-digit code. */
  codeFor(to: string, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const received: Mail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as { port: number }).port;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    async codeFor(to, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.filter((m) => m.to.includes(to)).at(-1);
        const code = mail && /\b(\d{6})\b/.exec(mail.data)?.[1];
        if (code) return code;
        if (Date.now() > deadline) throw new Error(`no code was mailed to ${to}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
