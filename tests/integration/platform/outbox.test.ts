import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/lib/server/db';
import { enqueueMail, processOutboxOnce } from '@/lib/server/mail/outbox';
import { resetTransport } from '@/lib/server/mail/transport';

type TMode = 'ok' | '4xx' | '5xx';
let mode: TMode = 'ok';
const received: { to: string[]; raw: string }[] = [];
let server: SMTPServer;
let port = 0;

function useSmtp(url: string | undefined) {
  if (url) process.env.SMTP_URL = url;
  else delete process.env.SMTP_URL;
  (globalThis as { __mapspaceConfig?: unknown }).__mapspaceConfig = undefined;
  resetTransport();
}

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_addr, _session, cb) {
      if (mode === '4xx') return cb(Object.assign(new Error('try later'), { responseCode: 451 }));
      if (mode === '5xx') return cb(Object.assign(new Error('no such user'), { responseCode: 550 }));
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString() });
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  useSmtp(undefined);
  await new Promise<void>((r) => server.close(() => r()));
});

async function enqueue(to: string) {
  await db().$transaction(async (tx) => enqueueMail(tx, 'test', { to, subject: 'Hello', html: '<p>hi</p>', text: 'hi http://localhost:3000/x' }));
  return db().mailOutbox.findFirstOrThrow({ where: { to }, orderBy: { id: 'desc' } });
}

async function drain() {
  // Retries are scheduled in the future; pull them forward so the test does not wait.
  await db().mailOutbox.updateMany({ where: { status: 'pending' }, data: { nextAttemptAt: new Date(0) } });
  return processOutboxOnce(50);
}

describe('mail outbox', () => {
  test('[D.04] a queued mail is delivered over real SMTP exactly once', async () => {
    useSmtp(`smtp://127.0.0.1:${port}`);
    mode = 'ok';
    const row = await enqueue('once@example.test');
    await drain();
    await drain();
    expect(received.filter((m) => m.to.includes('once@example.test'))).toHaveLength(1);
    expect((await db().mailOutbox.findUniqueOrThrow({ where: { id: row.id } })).status).toBe('sent');
  });

  test('an SMTP outage loses nothing: 4xx is retried, and the mail goes out after recovery', async () => {
    useSmtp(`smtp://127.0.0.1:${port}`);
    mode = '4xx';
    const row = await enqueue('retry@example.test');
    await drain();
    let state = await db().mailOutbox.findUniqueOrThrow({ where: { id: row.id } });
    expect(state.status).toBe('pending');
    expect(state.attempts).toBe(1);
    expect(state.lastError).toMatch(/451/);
    mode = 'ok';
    await drain();
    state = await db().mailOutbox.findUniqueOrThrow({ where: { id: row.id } });
    expect(state.status).toBe('sent');
    expect(received.filter((m) => m.to.includes('retry@example.test'))).toHaveLength(1);
  });

  test('a server that refuses the connection is retried, not failed', async () => {
    useSmtp('smtp://127.0.0.1:1');
    const row = await enqueue('down@example.test');
    await drain();
    const state = await db().mailOutbox.findUniqueOrThrow({ where: { id: row.id } });
    expect(state.status).toBe('pending');
    expect(state.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    await db().mailOutbox.update({ where: { id: row.id }, data: { status: 'sent' } });
  });

  test('a permanent 5xx refusal ends in the dead-letter state', async () => {
    useSmtp(`smtp://127.0.0.1:${port}`);
    mode = '5xx';
    const row = await enqueue('dead@example.test');
    await drain();
    const state = await db().mailOutbox.findUniqueOrThrow({ where: { id: row.id } });
    expect(state.status).toBe('dead');
    expect(state.lastError).toMatch(/550/);
    mode = 'ok';
  });

  test('two workers never send the same row twice (SKIP LOCKED)', async () => {
    useSmtp(`smtp://127.0.0.1:${port}`);
    mode = 'ok';
    for (let i = 0; i < 6; i++) await enqueue(`pair${i}@example.test`);
    await Promise.all([processOutboxOnce(10), processOutboxOnce(10)]);
    for (let i = 0; i < 6; i++) expect(received.filter((m) => m.to.includes(`pair${i}@example.test`))).toHaveLength(1);
  });
});
