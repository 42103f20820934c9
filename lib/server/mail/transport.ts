import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { config } from '../config';
import { log } from '../log';

/**
 * The one mail transport. SMTP_URL set → SMTP with short timeouts (a stalled
 * server must not hold the outbox worker); unset → `.eml` files under
 * MAIL_OUTBOX_DIR with the links printed to the log (development).
 */
export type TMail = { to: string; subject: string; html: string; text: string };

/** Thrown for a permanent refusal (5xx): the outbox dead-letters instead of retrying. */
export class PermanentMailError extends Error {}

const g = globalThis as unknown as { __mapspaceSmtp?: Transporter };

function smtp(): Transporter {
  if (!g.__mapspaceSmtp) {
    g.__mapspaceSmtp = nodemailer.createTransport(config().SMTP_URL!, {
      connectionTimeout: 5000,
      greetingTimeout: 5000,
      socketTimeout: 10_000,
      dnsTimeout: 5000,
    } as never);
  }
  return g.__mapspaceSmtp;
}

export async function deliver(mail: TMail): Promise<void> {
  const cfg = config();
  if (!cfg.SMTP_URL) {
    const dir = cfg.MAIL_OUTBOX_DIR;
    mkdirSync(dir, { recursive: true });
    const raw = await new Promise<Buffer>((resolve, reject) => {
      nodemailer
        .createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
        .sendMail({ from: cfg.MAIL_FROM, ...mail }, (err, info) => (err ? reject(err) : resolve(info.message as Buffer)));
    });
    const file = join(dir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
    writeFileSync(file, raw);
    const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
    log.info('mail.written', { file, to: mail.to, subject: mail.subject, links });
    return;
  }
  try {
    await smtp().sendMail({ from: cfg.MAIL_FROM, ...mail });
  } catch (err) {
    const code = (err as { responseCode?: number }).responseCode;
    if (code && code >= 500 && code < 600) throw new PermanentMailError(`${code} ${(err as Error).message}`);
    throw err;
  }
}

/** Drops the cached SMTP connection pool (after a failure, tests). */
export function resetTransport() {
  g.__mapspaceSmtp?.close();
  g.__mapspaceSmtp = undefined;
}
