import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { resetTransport } from '@/lib/server/mail/transport';
import { processOutboxOnce } from '@/lib/server/mail/outbox';

/** A real SMTP server on a random loopback port; the app's transport is pointed at it. */
export type TInbox = { mails: { to: string[]; raw: string }[]; close: () => Promise<void>; waitFor: (to: string, re: RegExp) => Promise<string> };

export async function startSmtp(): Promise<TInbox> {
  const mails: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  (globalThis as { __mapspaceConfig?: unknown }).__mapspaceConfig = undefined;
  resetTransport();
  const waitFor = async (to: string, re: RegExp) => {
    for (let i = 0; i < 50; i++) {
      await processOutboxOnce(50);
      const hit = mails.find((m) => m.to.includes(to) && re.test(decode(m.raw)));
      if (hit) return decode(hit.raw);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no mail to ${to} matching ${re}`);
  };
  return {
    mails,
    waitFor,
    close: () =>
      new Promise<void>((resolve) => {
        delete process.env.SMTP_URL;
        (globalThis as { __mapspaceConfig?: unknown }).__mapspaceConfig = undefined;
        resetTransport();
        server.close(() => resolve());
      }),
  };
}

/** Quoted-printable soft breaks and =3D removed, so links can be matched. */
export function decode(raw: string) {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}
