import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * JSON logs, one line per event, with the request id of the current request
 * (set by the route wrapper). Values that look like secrets are never passed
 * here: callers log ids and outcomes, not tokens or codes.
 */
type TLevel = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<TLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export const requestContext = new AsyncLocalStorage<{ requestId: string; ip?: string; userId?: number }>();

function threshold(): number {
  const lvl = (process.env.LOG_LEVEL as TLevel) || 'info';
  return ORDER[lvl] ?? 20;
}

function clean(value: unknown): unknown {
  // One line per event: strip CR/LF so user input cannot forge log lines.
  if (typeof value === 'string') return value.replace(/[\r\n]+/g, ' ');
  return value;
}

function write(level: TLevel, event: string, fields: Record<string, unknown> = {}) {
  if (ORDER[level] < threshold()) return;
  const ctx = requestContext.getStore();
  const line: Record<string, unknown> = { time: new Date().toISOString(), level, event: clean(event) };
  if (ctx?.requestId) line.requestId = ctx.requestId;
  if (ctx?.ip) line.ip = ctx.ip;
  if (ctx?.userId !== undefined) line.userId = ctx.userId;
  for (const [k, v] of Object.entries(fields)) line[k] = clean(v);
  const out = JSON.stringify(line);
  if (level === 'error' || level === 'warn') process.stderr.write(out + '\n');
  else process.stdout.write(out + '\n');
}

export const log = {
  debug: (event: string, fields?: Record<string, unknown>) => write('debug', event, fields),
  info: (event: string, fields?: Record<string, unknown>) => write('info', event, fields),
  warn: (event: string, fields?: Record<string, unknown>) => write('warn', event, fields),
  error: (event: string, fields?: Record<string, unknown>) => write('error', event, fields),
};
