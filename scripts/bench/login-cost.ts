/**
 * `npm run bench:login`: the CPU one login costs the server, and what the password hash alone
 * costs at today's argon2id parameters against the scrypt parameters this server used before
 * and OWASP's scrypt minimum. One run, figures printed, nothing asserted (timing here is noisy).
 */
import { scryptSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { hashPassword, verifyPassword } from '../../server/services/auth/passwords';
import { createUser } from '../../server/services/auth/users';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

function cpuMs(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

async function perCall(label: string, fn: () => unknown): Promise<number> {
  await fn();
  const start = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i++) await fn();
  const ms = cpuMs(start) / ROUNDS;
  process.stdout.write(`${label.padEnd(44)} ${ms.toFixed(1).padStart(7)} ms CPU\n`);
  return ms;
}

const salt = Buffer.alloc(16, 7);
const scrypt14 = await perCall('scrypt N=2^14 r=8 p=1 (before)', () =>
  scryptSync('password1', salt, 32, { N: 2 ** 14, r: 8, p: 1 }),
);
const scrypt17 = await perCall('scrypt N=2^17 r=8 p=1 (OWASP minimum)', () =>
  scryptSync('password1', salt, 32, { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 }),
);
const stored = await hashPassword('password1');
const argon = await perCall('argon2id m=64 MiB t=3 p=1 verify (now)', () =>
  verifyPassword('password1', stored),
);

const dataDir = mkdtempSync(join(tmpdir(), 'verdict-bench-login-'));
const server = await buildServer(
  {
    ...loadConfig({ DATA_DIR: dataDir, ROOT_PASSWORD: 'benchroot1' }),
    judgeWorkers: 0,
    port: 0,
    host: '127.0.0.1',
  },
  { languages: [], logger: false },
);
await server.app.listen({ port: 0, host: '127.0.0.1' });
await createUser(server.ctx.db, { username: 'bench', password: 'bench1234', email: 'bench@example.com' });
const address = server.app.server.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/login`;
const login = await perCall('whole login over HTTP (server and client)', async () => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: 'bench1234' }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  await res.arrayBuffer();
});
await server.close();
rmSync(dataDir, { recursive: true, force: true });

process.stdout.write(
  `\nargon2id / scrypt 2^14: ${(argon / scrypt14).toFixed(2)}x; scrypt 2^17 / argon2id: ${(scrypt17 / argon).toFixed(2)}x; ` +
    `login / hash: ${(login / argon).toFixed(2)}x\n`,
);
