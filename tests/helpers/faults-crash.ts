/**
 * The first scenario of tests/api/faults.test.ts, driven from here: a server in its own process
 * with in-process workers, two `verdict judge` daemons, users submitting over HTTP, and faults
 * scheduled by how much is judged (so they land while work is in flight whatever the machine's
 * speed): five SIGKILLs of a judge (each started again), one SIGKILL of the server (started again
 * on the same DATA_DIR and database), and on PostgreSQL one termination of all the server's
 * database connections. Returns what happened; the test asserts on it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Db, openDatabase } from '../../server/db/database';
import { createUser } from '../../server/services/auth/users';
import { JUDGING_STATUSES } from '../../shared/constants/judge-status';
import { Role } from '../../shared/constants/roles';
import { type TestClient, testClient } from './api';
import { createContest } from './contests';
import { boardViolations, checkSubmissions, type SubmissionFigures } from './faults-checks';
import { planSubmissions, type SentTry, startReader, submitAll, Tally } from './faults-load';
import {
  errorLines,
  freePort,
  type GroupProcess,
  type ServerProcess,
  startJudgeProcess,
  startServerProcess,
} from './faults-processes';
import { TEST_ROOT_PASSWORD } from './server';

const TOKEN = 'faults-test-judge-token-5f1c9a7e2b';

type Fault =
  | { at: number; kind: 'judge'; judge: 0 | 1 }
  | { at: number; kind: 'server' }
  | { at: number; kind: 'database' };

export interface CrashReport {
  database: string;
  planned: number;
  elapsedMs: number;
  tries: number;
  tally: Tally;
  /** each SIGKILL of a judge: whether it held a claim at that moment */
  judgeKills: { judge: string; heldWork: boolean; atMs: number }[];
  serverRestarts: { downMs: number; atMs: number }[];
  /** when the faults could start (server, users, contest and judges up), and when all was acknowledged */
  readyAtMs: number;
  acknowledgedAtMs: number;
  /** database connections of the server terminated (PostgreSQL) */
  connectionsTerminated: number | null;
  /** the server ended without being told to (a crash) */
  unexpectedExits: string[];
  /** the server's error-level log lines over the run */
  serverErrorLines: string[];
  submissions: { violations: string[]; figures: SubmissionFigures };
  board: string[];
  /** exit code of the server's last life on SIGTERM */
  finalExit: number | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(
  what: string,
  deadline: number,
  test: () => boolean | Promise<boolean>,
  crashed: () => string[] = () => [],
): Promise<void> {
  for (;;) {
    if (await test()) return;
    // a server that died on its own is what the test is for: say so at once, with its last words
    const exits = crashed();
    if (exits.length > 0) throw new Error(`waiting until ${what}, the server died:\n${exits.join('\n')}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(100);
  }
}

/** The server's connections carry this name, so the test ends only its own on the shared PostgreSQL. */
function withApplicationName(url: string, name: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  return u.toString();
}

export async function crashRun(options: {
  name: string;
  databaseUrl: string | undefined;
  submissions: number;
  /** when everything must be judged by */
  deadlineMs: number;
}): Promise<CrashReport> {
  const { name, databaseUrl, submissions } = options;
  const started = Date.now();
  const deadline = started + options.deadlineMs;
  const dataDir = mkdtempSync(join(tmpdir(), 'verdict-faults-'));
  const caches = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'verdict-faults-cache-')));
  const schema = databaseUrl
    ? `t_faults_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`
    : null;
  const application = schema ? `verdict_${schema}` : null;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    JUDGE_WORKERS: '1',
    JUDGE_TOKEN: TOKEN,
    ...(databaseUrl && schema && application
      ? { DATABASE_URL: withApplicationName(databaseUrl, application), DATABASE_SCHEMA: schema }
      : {}),
  };
  const port = await freePort();
  const tally = new Tally();
  const report: CrashReport = {
    database: options.name,
    planned: submissions,
    elapsedMs: 0,
    tries: 0,
    tally,
    judgeKills: [],
    serverRestarts: [],
    readyAtMs: 0,
    acknowledgedAtMs: 0,
    connectionsTerminated: null,
    unexpectedExits: [],
    serverErrorLines: [],
    submissions: { violations: [], figures: {} as SubmissionFigures },
    board: [],
    finalExit: null,
  };
  let server: ServerProcess | null = null;
  let stoppingServer = false;
  const judges: { name: string; cacheDir: string; proc: GroupProcess | null; restart?: Promise<void> }[] =
    caches.map((cacheDir, i) => ({ name: `faults-${name}-j${i + 1}`, cacheDir, proc: null }));
  let db: Db | null = null;
  let down = false;
  let judged = 0;
  let leases: string[] = [];
  let monitoring = true;
  let monitor: Promise<void> = Promise.resolve();
  let reader: { stop(): Promise<void> } | null = null;
  let load: Promise<void> = Promise.resolve();

  const crashed = () => report.unexpectedExits;
  const watch = (s: ServerProcess) => {
    void s.exited.then(({ code, signal }) => {
      report.serverErrorLines.push(...errorLines(s.output()));
      if (stoppingServer) return;
      // Node's report of an uncaught error starts at its throw site; the object dump after it is long
      const out = s.output();
      const from = Math.max(0, out.search(/^node:|^\S*Error|Unhandled/m));
      report.unexpectedExits.push(`server exited (${code ?? signal}):\n${out.slice(from, from + 3000)}`);
    });
    return s;
  };

  try {
    server = watch(await startServerProcess(port, env));
    const url = server.url;
    db = await openDatabase({ dataDir, databaseUrl: databaseUrl ?? null, databaseSchema: schema });
    const kysely = db.kysely;
    // A+B runs in milliseconds: 3 s keeps it far from any limit on a machine under load
    await kysely.updateTable('problem').set({ time_limit: 3000 }).where('problem_id', '=', '1000').execute();
    const root = testClient(url);
    await root.login('root', TEST_ROOT_PASSWORD);
    const loop = await root.api.adminCreateProblem({
      problem: {
        problemId: 'FLOOP',
        title: 'A+B for loops',
        // only programs that never end are sent here: any limit is far from them, and a short one
        // keeps each TLE cheap
        timeLimit: 300,
        memoryLimit: 256,
        description: 'Add $a$ and $b$.',
        examples: '<input>1 2</input><output>3</output>',
        auth: 1,
      },
      languages: [{ name: 'C' }, { name: 'Python3' }],
      samples: [{ input: '3 4\n', output: '7\n' }],
    });
    const sum = await kysely
      .selectFrom('problem')
      .select('id')
      .where('problem_id', '=', '1000')
      .executeTakeFirstOrThrow();
    const cid = await createContest(root, [sum.id, loop.pid], {
      title: 'Faults Cup',
      from: -60_000,
      length: 24 * 3600_000,
      overrides: { submitBurst: 100, submitRefillSeconds: 1 },
    });

    // Public submissions come from admins (no submit interval or captcha); the contest's from
    // ordinary users, each well within the contest's burst of 100.
    const contestShare = Math.ceil((submissions * 2) / 5);
    const publicUsers = Array.from({ length: submissions >= 1000 ? 6 : 3 }, (_, i) => `fpub${i + 1}`);
    const contestUsers = Array.from(
      { length: Math.max(3, Math.ceil(contestShare / 60)) },
      (_, i) => `fcon${i + 1}`,
    );
    const clients = new Map<string, TestClient>();
    for (const username of [...publicUsers, ...contestUsers]) {
      await createUser(db, {
        username,
        password: 'secret123',
        ...(username.startsWith('fpub') ? { roleId: Role.ADMIN } : {}),
      });
      const c = testClient(url);
      await c.login(username, 'secret123');
      clients.set(username, c);
    }

    await Promise.all(
      judges.map(async (j) => {
        j.proc = await startJudgeProcess({ url, token: TOKEN, name: j.name, cacheDir: j.cacheDir });
      }),
    );

    report.readyAtMs = Date.now() - started;
    // what the faults wait on: how much is judged, and who holds a claim
    monitor = (async () => {
      while (monitoring) {
        try {
          const final = await kysely
            .selectFrom('judge')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', 'not in', [...JUDGING_STATUSES])
            .executeTakeFirstOrThrow();
          judged = Number(final.n);
          const held = await kysely
            .selectFrom('judge')
            .select('lease_owner')
            .where('lease_owner', 'is not', null)
            .execute();
          leases = held.map((h) => h.lease_owner ?? '');
        } catch {
          // a busy database is read again next time
        }
        await sleep(150);
      }
    })();

    const plan = planSubmissions(submissions, publicUsers, contestUsers);
    const sent: SentTry[] = [];
    const recent = () =>
      sent
        .filter((s) => s.submitId !== null)
        .slice(-20)
        .map((s) => s.submitId ?? 0);
    reader = startReader({ client: root, cid, recent, down: () => down, tally });
    load = submitAll({
      plan,
      clientOf: (u) => clients.get(u) ?? root,
      sumProblem: '1000',
      loopProblem: 'FLOOP',
      cid,
      concurrency: 4,
      backlog: 10,
      judged: () => judged,
      down: () => down,
      tally,
      sent,
      abandoned: () => !monitoring,
    });

    // early enough that the claims the last kill strands (back after their 30 s lease) are waited
    // for while the rest is judged, not after it
    const faults: Fault[] = [
      { at: 0.03, kind: 'judge', judge: 0 },
      { at: 0.07, kind: 'judge', judge: 1 },
      { at: 0.11, kind: 'server' },
      { at: 0.16, kind: 'judge', judge: 0 },
      ...(databaseUrl ? [{ at: 0.2, kind: 'database' } as const] : []),
      { at: 0.24, kind: 'judge', judge: 1 },
      { at: 0.3, kind: 'judge', judge: 0 },
    ];
    for (const fault of faults) {
      await until(
        `${Math.round(fault.at * 100)} % is judged`,
        deadline,
        () => judged >= fault.at * submissions,
        crashed,
      );
      if (fault.kind === 'judge') {
        const judge = judges[fault.judge];
        await judge?.restart;
        if (!judge?.proc) throw new Error('judge not started');
        // a kill that matters lands while the judge holds work; an idle one is reported as such
        const holds = () => leases.some((l) => l.startsWith(`${judge.name}/`));
        await until(`${judge.name} holds work`, Math.min(deadline, Date.now() + 60_000), holds).catch(
          () => {},
        );
        report.judgeKills.push({ judge: judge.name, heldWork: holds(), atMs: Date.now() - started });
        await judge.proc.kill('SIGKILL');
        judge.proc = null;
        // started again as a supervisor would, while the faults go on
        judge.restart = startJudgeProcess({
          url,
          token: TOKEN,
          name: judge.name,
          cacheDir: judge.cacheDir,
        }).then((p) => {
          judge.proc = p;
        });
        // awaited at the judge's next kill or at the end; a failure counts there, not as unhandled
        judge.restart.catch(() => {});
      } else if (fault.kind === 'server') {
        const before = Date.now();
        down = true;
        stoppingServer = true;
        await server.kill('SIGKILL');
        stoppingServer = false;
        server = watch(await startServerProcess(port, env));
        down = false;
        report.serverRestarts.push({ downMs: Date.now() - before, atMs: before - started });
      } else if (databaseUrl && application) {
        const admin = new pg.Client({ connectionString: databaseUrl });
        await admin.connect();
        try {
          const ended = await admin.query(
            'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
            [application],
          );
          report.connectionsTerminated = ended.rowCount ?? 0;
        } finally {
          await admin.end();
        }
      }
    }
    let loaded = false;
    const settled = () => {
      loaded = true;
    };
    // a load that failed is rethrown by the await below
    void load.then(settled, settled);
    await until('every planned submission is acknowledged', deadline, () => loaded, crashed);
    await load;
    await Promise.all(judges.map((j) => j.restart));
    report.tries = sent.length;
    report.acknowledgedAtMs = Date.now() - started;
    await until(
      'every stored submission is judged',
      deadline,
      async () => {
        const open = await kysely
          .selectFrom('judge')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', 'in', [...JUDGING_STATUSES])
          .executeTakeFirstOrThrow();
        return Number(open.n) === 0;
      },
      crashed,
    );
    await reader.stop();
    reader = null;
    report.submissions = await checkSubmissions(db, sent);
    report.board = await boardViolations(db, root, cid);
    report.elapsedMs = Date.now() - started;

    // after all this the server still stops cleanly (SIGTERM: exit 0)
    await Promise.all(judges.map((j) => j.proc?.kill('SIGTERM')));
    stoppingServer = true;
    const last = server;
    await last.kill('SIGTERM');
    report.finalExit = (await last.exited).code;
    return report;
  } finally {
    // a failed run stops its load and reader before its processes go
    monitoring = false;
    await monitor;
    await reader?.stop();
    await load.catch(() => {});
    stoppingServer = true;
    await Promise.all(judges.map((j) => j.restart?.catch(() => {})));
    await Promise.all(judges.map((j) => j.proc?.kill('SIGKILL')));
    await server?.kill('SIGKILL');
    await db?.close();
    if (databaseUrl && schema) {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).finally(() => admin.end());
    }
    for (const dir of [dataDir, ...caches]) rmSync(dir, { recursive: true, force: true });
  }
}
