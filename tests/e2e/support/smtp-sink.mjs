// A real SMTP server for the end-to-end run: every message it receives is
// written as JSON under test-results/mail/ for the specs to read.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

const dir = join(process.cwd(), 'test-results/mail');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
let n = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const to = session.envelope.rcptTo.map((r) => r.address);
      n += 1;
      writeFileSync(join(dir, `${Date.now()}-${n}.json`), JSON.stringify({ to, raw }));
      callback();
    });
  },
});
server.listen(Number(process.env.E2E_SMTP_PORT ?? 2525), '127.0.0.1');
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
