import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GET as activateGet } from '@/app/api/activate/[uid]/[token]/route';
import { POST as register } from '@/app/api/auth/register/route';
import { POST as reset } from '@/app/api/auth/reset/route';
import { POST as loginCode } from '@/app/auth/login/code/route';
import { POST as login } from '@/app/auth/login/route';
import { createUser, TEST_PASSWORD, unique } from '../../helpers/factories';
import { call } from '../../helpers/http';
import { enableApp, seedSafely } from './helpers';

// Each test uses its own client address, so buckets never mix with other files' requests.
const ipHeader = (n: number) => ({ 'x-mapspace-client-ip': `203.0.113.${n}` });
const saved = process.env.RATE_LIMIT_IP_PER_MIN;

beforeAll(async () => {
  await seedSafely();
  process.env.RATE_LIMIT_IP_PER_MIN = '21';
});
afterAll(() => {
  process.env.RATE_LIMIT_IP_PER_MIN = saved;
});

function expectThrottled(res: { status: number; body: { detail: string }; headers: Headers }) {
  expect(res.status).toBe(429);
  expect(res.body.detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('rate limits (429 + Retry-After, shared in PostgreSQL)', () => {
  test('[R7.02] 10 failed logins lock the username for 15 min, even with the right password (checked before hashing)', async () => {
    const u = await createUser();
    for (let i = 0; i < 10; i++) {
      const r = await call(login, '/auth/login/', { body: { username: u.username, password: `Wrong-${i}-pass` }, headers: ipHeader(1) });
      expect(r.status).toBe(400);
    }
    const locked = await call(login, '/auth/login/', { body: { username: u.username, password: u.password }, headers: ipHeader(2) });
    expectThrottled(locked);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
  });

  test('[R7.02] attempts on a locked username are refused without spending the address budget (a flood stays cheap)', async () => {
    const victim = await createUser();
    for (let i = 0; i < 10; i++) await call(login, '/auth/login/', { body: { username: victim.username, password: `Wrong-${i}-pass` }, headers: ipHeader(40) });
    for (let i = 0; i < 30; i++) expectThrottled(await call(login, '/auth/login/', { body: { username: victim.username, password: 'x' }, headers: ipHeader(41) }));
    const other = await createUser();
    const ok = await call(login, '/auth/login/', { body: { username: other.username, password: other.password }, headers: ipHeader(41) });
    expect(ok.status).toBe(200);
  });

  test('[R7.02] login per IP: the 22nd attempt in a minute from one address is refused', async () => {
    const u = await createUser();
    for (let i = 0; i < 21; i++) await call(login, '/auth/login/', { body: { username: `${u.username}-${i}`, password: 'x' }, headers: ipHeader(3) });
    expectThrottled(await call(login, '/auth/login/', { body: { username: u.username, password: u.password }, headers: ipHeader(3) }));
  });

  test('[R7.03] failed second-factor codes count toward the lock', async () => {
    const u = await createUser();
    await enableApp(u.token, ipHeader(99));
    let last;
    for (let i = 0; i < 11; i++) {
      const s1 = await call(login, '/auth/login/', { body: { username: u.username, password: u.password }, headers: ipHeader(10 + i) });
      if (s1.status === 429) {
        last = s1;
        break;
      }
      last = await call(loginCode, '/auth/login/code/', { body: { ephemeral_token: s1.body.ephemeral_token, code: 'zzzzzzzzzzzz' }, headers: ipHeader(10 + i) });
      if (last.status === 429) break;
    }
    expectThrottled(last!);
  });

  test('[R7.05] register per IP (20 a minute at least)', async () => {
    let res;
    for (let i = 0; i < 20; i++) {
      const name = unique('rl');
      res = await call(register, '/api/auth/register', { body: { username: name, email: `${name}@example.test`, password: TEST_PASSWORD }, headers: ipHeader(40) });
    }
    expect(res!.status).toBe(201);
    const name = unique('rl');
    expectThrottled(await call(register, '/api/auth/register', { body: { username: name, email: `${name}@example.test`, password: TEST_PASSWORD }, headers: ipHeader(40) }));
  });

  test('[R7.06] reset per e-mail address (5 an hour)', async () => {
    const email = `${unique('rl')}@example.test`;
    for (let i = 0; i < 5; i++) expect((await call(reset, '/api/auth/reset', { body: { email, site: '' }, headers: ipHeader(50 + i) })).status).toBe(200);
    expectThrottled(await call(reset, '/api/auth/reset', { body: { email, site: '' }, headers: ipHeader(60) }));
  });

  test('[R7.09] activation per IP', async () => {
    for (let i = 0; i < 21; i++) await call(activateGet, '/api/activate/MQ/x/', { params: { uid: 'MQ', token: 'x' }, headers: ipHeader(70) });
    expectThrottled(await call(activateGet, '/api/activate/MQ/x/', { params: { uid: 'MQ', token: 'x' }, headers: ipHeader(70) }));
  });
});
