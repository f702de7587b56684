/**
 * Live push under load (docs/benchmarks.md, Live push): 1,000 open streams on one server process.
 *
 *   npx tsx scripts/bench/live-streams.ts [streams=1000] [rounds=20]
 *
 * The parent starts the real server as a child process (SQLite in a temporary DATA_DIR, no judge),
 * which makes 200 users and hands over their tokens; the parent opens the streams (five per user, over
 * fetch as the web app does), then asks the child, round after round, to publish one event to every
 * user (each reaches that user's five streams) carrying the time it was published. It prints the
 * delivery latency (publish → parsed by the client, p50/p99) and the server's memory and CPU: before the
 * streams, with them open and idle (heartbeats only), and while events flow. Bounded: loopback only,
 * a fixed number of rounds, then everything stops.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SseParser } from '../../shared/api/sse';
import { LIVE } from '../../shared/constants/live';
import { percentile, printReport } from './stats';

const USERS = 200;

if (process.argv[2] === 'server') await child();
else await parent();

/* ---- the server (child process) ---- */

async function child(): Promise<void> {
  const { buildServer } = await import('../../server/app');
  const { loadConfig } = await import('../../server/config');
  const { createUser } = await import('../../server/services/auth/users');
  const dataDir = process.env.DATA_DIR ?? '';
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }), judgeWorkers: 0 };
  const server = await buildServer(config, { languages: [], logger: false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const users: { uid: string; token: string }[] = [];
  for (let i = 0; i < USERS; i++) {
    // a cheap password hash is not needed: the token is issued directly
    const uid = await createUser(server.ctx.db, { username: `bench${i}`, password: 'bench-password-1' });
    users.push({ uid, token: await server.ctx.tokens.issue(uid, 0) });
  }
  process.on('message', (m: { publish?: number }) => {
    if (m.publish === undefined) return;
    for (const u of users)
      server.ctx.live.publishToUser(u.uid, {
        kind: 'clarification',
        data: { cid: m.publish, id: Date.now() },
      });
    process.send?.({ published: m.publish });
  });
  process.on('SIGTERM', () => {
    void server.close().then(() => process.exit(0));
  });
  process.send?.({ ready: true, port, users, pid: process.pid });
}

/* ---- the clients and the measurement (parent) ---- */

interface Proc {
  rssMb: number;
  cpuMs: number;
}

function procOf(pid: number): Proc {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rssMb: rssKb / 1024, cpuMs: (ticks * 1000) / 100 };
}

async function parent(): Promise<void> {
  const streams = Number(process.argv[2] ?? 1000);
  const rounds = Number(process.argv[3] ?? 20);
  const perUser = Math.ceil(streams / USERS);
  if (perUser > LIVE.maxStreamsPerUser) throw new Error(`at most ${USERS * LIVE.maxStreamsPerUser} streams`);
  const dataDir = mkdtempSync(join(tmpdir(), 'verdict-live-bench-'));
  const server: ChildProcess = fork(new URL(import.meta.url).pathname, ['server'], {
    env: { ...process.env, DATA_DIR: dataDir },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ port: number; users: { uid: string; token: string }[]; pid: number }>(
    (resolve, reject) => {
      server.once('error', reject);
      server.on(
        'message',
        (m: { ready?: boolean; port: number; users: { uid: string; token: string }[]; pid: number }) => {
          if (m.ready) resolve(m);
        },
      );
    },
  );
  const base = `http://127.0.0.1:${ready.port}`;
  const aborts: AbortController[] = [];
  const latencies: number[] = [];
  let received = 0;
  try {
    await new Promise((r) => setTimeout(r, 1000));
    const before = procOf(ready.pid);
    const t0 = performance.now();
    let opened = 0;
    const open = async (token: string) => {
      const abort = new AbortController();
      aborts.push(abort);
      const res = await fetch(`${base}${LIVE.path}`, {
        headers: { Accept: 'text/event-stream', Authorization: token },
        signal: abort.signal,
      });
      if (!res.ok || !res.body) throw new Error(`stream refused: ${res.status}`);
      const parser = new SseParser((m) => {
        if (m.event !== 'clarification') return;
        const { id } = JSON.parse(m.data) as { id: number };
        latencies.push(Date.now() - id);
        received++;
      });
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      opened++;
      void (async () => {
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) return;
            parser.push(decoder.decode(value, { stream: true }));
          }
        } catch {
          // closed at the end
        }
      })();
    };
    const jobs: Promise<void>[] = [];
    for (let i = 0; i < streams; i++) jobs.push(open(ready.users[i % USERS].token));
    await Promise.all(jobs);
    const openMs = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 2000));
    const withStreams = procOf(ready.pid);
    // idle: heartbeats only, for one heartbeat period
    await new Promise((r) => setTimeout(r, LIVE.heartbeatMs));
    const idle = procOf(ready.pid);

    const sent = rounds * USERS * perUser;
    for (let round = 0; round < rounds; round++) {
      server.send({ publish: round });
      await new Promise((r) => setTimeout(r, 250));
    }
    const deadline = Date.now() + 30_000;
    while (received < Math.min(sent, streams * rounds) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const after = procOf(ready.pid);
    const eventsMs = rounds * 250;

    printReport({
      title: `Live push: ${opened} streams (${USERS} users × ${perUser}), ${rounds} rounds of one event per user`,
      rows: [
        ['streams opened in', `${openMs.toFixed(0)} ms`],
        ['events delivered', `${received} of ${streams * rounds}`],
        ['delivery latency p50', `${percentile(latencies, 0.5).toFixed(0)} ms`],
        ['delivery latency p99', `${percentile(latencies, 0.99).toFixed(0)} ms`],
        ['server RSS before streams', `${before.rssMb.toFixed(1)} MB`],
        ['server RSS with streams', `${withStreams.rssMb.toFixed(1)} MB`],
        [
          'server memory per stream',
          `${(((withStreams.rssMb - before.rssMb) * 1024) / opened).toFixed(1)} KB`,
        ],
        [
          'server CPU, idle streams',
          `${(((idle.cpuMs - withStreams.cpuMs) / LIVE.heartbeatMs) * 100).toFixed(1)} % of a core (heartbeats every ${LIVE.heartbeatMs / 1000} s)`,
        ],
        [
          'server CPU, events flowing',
          `${(((after.cpuMs - idle.cpuMs) / eventsMs) * 100).toFixed(0)} % of a core over ${eventsMs} ms (${((streams * rounds * 1000) / eventsMs).toFixed(0)} deliveries/s)`,
        ],
        ['server RSS after events', `${after.rssMb.toFixed(1)} MB`],
      ],
    });
  } finally {
    for (const a of aborts) a.abort();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
