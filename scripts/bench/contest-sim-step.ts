/**
 * One run of the contest simulation at one N: a fresh server in its own process, the stand-in judge,
 * N contestants arriving at a steady rate, then the compressed contest; the figures of both phases.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { setMaxListeners } from 'node:events';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Contestant } from './contest-sim-contestant';
import { agentFetch, keepAliveAgent } from './contest-sim-http';
import { type JudgeFigures, StandInJudge } from './contest-sim-judge';
import { PgWaitSampler } from './contest-sim-pg-waits';
import { SIM_LANGUAGES } from './contest-sim-programs';
import type { ServerReady } from './contest-sim-server';
import { ProcessSampler, Recorder, type SampledLoad } from './contest-sim-stats';
import type { Report } from './stats';

export interface StepOptions {
  contestants: number;
  problems: number;
  contestMinutes: number;
  runSeconds: number;
  gapMinutes: number;
  /** contestants ask for uncompressed answers */
  identity: boolean;
  /** logins per second while contestants arrive */
  arriveRate: number;
  connections: number;
  judgeWorkers: number;
  submitBurst: number;
  submitRefillSeconds: number;
  /** write the server's CPU profile here */
  profileDir: string | null;
  /** write the server's request log here (otherwise it is discarded) */
  serverLog: string | null;
  /** sample what PostgreSQL's connections wait for during the contest phase */
  pgWaits: boolean;
}

export interface PhaseLoad extends SampledLoad {
  seconds: number;
  /** requests the server answered in the phase: the contestants' and the judge's */
  requests: number;
}

export interface StepResult {
  options: StepOptions;
  recorder: Recorder;
  judge: JudgeFigures;
  arrival: PhaseLoad;
  contest: PhaseLoad;
  submissions: number;
  seedSeconds: number;
  serverPid: number;
  /** with `pgWaits` on PostgreSQL */
  pgWaits: Report | null;
}

function startServer(o: StepOptions): Promise<{ child: ChildProcess; ready: ServerReady }> {
  const seed = {
    contestants: o.contestants,
    problems: o.problems,
    contestMinutes: o.contestMinutes,
    submitBurst: o.submitBurst,
    submitRefillSeconds: o.submitRefillSeconds,
  };
  if (o.profileDir) mkdirSync(o.profileDir, { recursive: true });
  const log = o.serverLog ? openSync(o.serverLog, 'w') : 'ignore';
  const child = fork(new URL('./contest-sim-server.ts', import.meta.url).pathname, [JSON.stringify(seed)], {
    execArgv: ['--import', 'tsx', ...(o.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${o.profileDir}`] : [])],
    stdio: ['ignore', log, 'pipe', 'ipc'],
    env: process.env,
  });
  if (typeof log === 'number') closeSync(log);
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, ready: m as ServerReady }));
    child.once('exit', (code) =>
      reject(new Error(`the server exited (${code}) before it was ready:\n${stderr}`)),
    );
  });
}

/** SIGTERM lets the child delete its DATA_DIR or schema (and write its profile); one that hangs is killed. */
async function stopServer(child: ChildProcess, schema: string | null): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
  child.kill('SIGTERM');
  if (await exited) return;
  child.kill('SIGKILL');
  const url = process.env.DATABASE_URL;
  if (url && schema) {
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => client.end());
  }
}

function wait(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

export async function runStep(o: StepOptions): Promise<StepResult> {
  const { child, ready } = await startServer(o);
  const pid = child.pid ?? 0;
  try {
    const missing = SIM_LANGUAGES.filter((l) => !ready.languages.includes(l));
    if (missing.length)
      throw new Error(`the server offers no ${missing.join(', ')} (npm run setup installs them)`);
    const agent = keepAliveAgent(o.connections);
    const submittedAt = new Map<string, number>();
    const judge = new StandInJudge(
      ready.url,
      ready.judgeToken,
      agentFetch(agent),
      o.judgeWorkers,
      submittedAt,
    );
    await judge.start();

    const recorder = new Recorder();
    const stop = new AbortController();
    // every contestant waits on it
    setMaxListeners(0, stop.signal);
    let startContest: (at: number) => void = () => {};
    const world = {
      base: ready.url,
      agent,
      recorder,
      contest: ready.contest,
      submittedAt,
      contestStart: new Promise<number>((resolve) => {
        startContest = resolve;
      }),
      msPerContestMinute: (o.runSeconds * 1000) / o.contestMinutes,
      contestMinutes: o.contestMinutes,
      gapMinutes: o.gapMinutes,
      identity: o.identity,
      stop: stop.signal,
    };
    const contestants = Array.from({ length: o.contestants }, (_, i) => new Contestant(world, i));
    const arrivalLoad = new ProcessSampler(pid);
    arrivalLoad.start();
    const t0 = performance.now() + 200;
    const arrivals: Promise<void>[] = [];
    const runs = contestants.map((c, i) => {
      let arrived: () => void = () => {};
      arrivals.push(
        new Promise<void>((resolve) => {
          arrived = resolve;
        }),
      );
      return c.run(t0 + (i * 1000) / o.arriveRate, () => arrived());
    });
    // the contest starts once everyone is in: the login storm stays out of the contest's figures
    await Promise.all([wait(t0 + (o.contestants * 1000) / o.arriveRate - performance.now()), ...arrivals]);
    const arrivalSeconds = (performance.now() - t0) / 1000;
    const arrival = arrivalLoad.stop();
    const judgeCallsAtStart = judge.figures.calls;
    recorder.phase = 'contest';
    startContest(performance.now());
    const contestLoad = new ProcessSampler(pid);
    contestLoad.start();
    const databaseUrl = process.env.DATABASE_URL;
    const waits = o.pgWaits && databaseUrl ? new PgWaitSampler(databaseUrl) : null;
    await waits?.start();
    await wait(o.runSeconds * 1000);
    const contest = contestLoad.stop();
    const pgWaits = (await waits?.stop()) ?? null;
    stop.abort();
    // calls in flight finish (the API client's own timeout bounds them)
    await Promise.all(runs);
    await judge.stop();
    agent.destroy();
    return {
      options: o,
      recorder,
      judge: judge.figures,
      arrival: {
        seconds: arrivalSeconds,
        ...arrival,
        requests: recorder.totalCalls('arrival') + judgeCallsAtStart,
      },
      contest: {
        seconds: o.runSeconds,
        ...contest,
        requests: recorder.totalCalls('contest') + judge.figures.calls - judgeCallsAtStart,
      },
      submissions: contestants.reduce((s, c) => s + c.submissions, 0),
      seedSeconds: ready.seedSeconds,
      serverPid: pid,
      pgWaits,
    };
  } finally {
    await stopServer(child, ready.schema);
  }
}

/** Where profiles go by default (`--profile` without a directory). */
export const DEFAULT_PROFILE_DIR = join(tmpdir(), 'verdict-contest-sim-profiles');
