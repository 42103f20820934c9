import 'server-only';
import { config } from '../config';
import { db, type TTx } from '../db';
import { log } from '../log';
import { deliver, PermanentMailError, resetTransport, type TMail } from './transport';

/**
 * Transactional outbox. `enqueueMail` is called with the transaction of the
 * change that causes the mail, so the mail exists exactly when the change
 * does; the worker delivers with retries and backoff and never fails a
 * request. Rows are claimed with FOR UPDATE SKIP LOCKED, so several app
 * instances never send the same row at once.
 */
export async function enqueueMail(tx: TTx, kind: string, mail: TMail) {
  await tx.mailOutbox.create({ data: { kind, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text } });
}

type TClaimed = { id: number; to: string; subject: string; html: string; text: string; attempts: number; kind: string };

const LOCK_SECONDS = 60;

/** Claims and sends due mails once; returns how many were sent. */
export async function processOutboxOnce(limit = 10): Promise<{ sent: number; failed: number; dead: number }> {
  const rows = await db().$queryRaw<TClaimed[]>`
    UPDATE mail_outbox SET locked_until = now() + make_interval(secs => ${LOCK_SECONDS}), attempts = attempts + 1, updated_at = now()
    WHERE id IN (
      SELECT id FROM mail_outbox
      WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
      ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, "to", subject, html, text, attempts, kind`;
  const stats = { sent: 0, failed: 0, dead: 0 };
  for (const row of rows) {
    try {
      await deliver(row);
      await db().mailOutbox.update({ where: { id: row.id }, data: { status: 'sent', sentAt: new Date(), lockedUntil: null, lastError: '' } });
      log.info('mail.sent', { outboxId: row.id, kind: row.kind, attempts: row.attempts });
      stats.sent++;
    } catch (err) {
      const message = (err as Error).message?.slice(0, 500) ?? 'unknown';
      const permanent = err instanceof PermanentMailError;
      resetTransport();
      if (permanent || row.attempts >= config().MAIL_MAX_ATTEMPTS) {
        await db().mailOutbox.update({ where: { id: row.id }, data: { status: 'dead', lockedUntil: null, lastError: message } });
        log.warn('mail.dead_letter', { outboxId: row.id, kind: row.kind, attempts: row.attempts, error: message });
        stats.dead++;
      } else {
        const delay = Math.min(600, 2 ** row.attempts) * 1000;
        await db().mailOutbox.update({
          where: { id: row.id },
          data: { lockedUntil: null, lastError: message, nextAttemptAt: new Date(Date.now() + delay) },
        });
        log.warn('mail.retry', { outboxId: row.id, kind: row.kind, attempts: row.attempts, error: message });
        stats.failed++;
      }
    }
  }
  return stats;
}

/** Runs the outbox every `intervalMs` until the returned stop function is called. */
export function startOutboxWorker(intervalMs = 1000): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = async () => {
    if (stopped) return;
    running = processOutboxOnce().catch((err) => log.warn('mail.worker_error', { message: (err as Error).message }));
    await running;
    if (!stopped) timer = setTimeout(tick, intervalMs);
  };
  let timer = setTimeout(tick, intervalMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
