/**
 * Readiness (GET /api/readyz, docs/operations.md, Health): may this replica be sent traffic? Each
 * check is named in the answer with a short reason code when it fails; details go to the log only
 * (the endpoint is public, and an error text may name hosts, paths or schemas).
 */
import { randomBytes } from 'node:crypto';
import { open, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { migrationState } from '../../db/migrate';
import { isoAfter } from '../clock';

/** A judge heard from within this window counts as present. */
export const JUDGE_SEEN_WITHIN_MS = 60_000;
/** A check that takes longer than this fails (an unreachable database must not hang the probe). */
const CHECK_TIMEOUT_MS = 3000;

const check = z.object({ ok: z.boolean(), reason: z.string().optional() });

/** The readiness answer (HTTP 200 when `ready`, else 503); the schema the route declares. */
export const readinessAnswer = z.object({
  ready: z.boolean(),
  checks: z.object({
    /** the server is not shutting down */
    accepting: check,
    /** the database answers a query */
    database: check,
    /** every migration of this release is applied; `pending` names the missing ones */
    migrations: check.extend({ pending: z.array(z.string()) }),
    /** a file can be created in DATA_DIR */
    dataDir: check,
    /** a judge is at hand: in-process workers, or a judge seen within the last minute */
    judge: check.extend({ inProcessWorkers: z.number(), seenRecently: z.number() }),
  }),
});
export type ReadinessAnswer = z.infer<typeof readinessAnswer>;
type Checks = ReadinessAnswer['checks'];

export interface ReadinessOptions {
  db: Db;
  /** the directory whose writability is probed (DATA_DIR) */
  dataDir: string;
  /** in-process judge workers running now (0: none, or JUDGE_WORKERS=0) */
  inProcessWorkers(): number;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

class CheckFailed extends Error {
  constructor(
    readonly reason: string,
    readonly detail: unknown,
  ) {
    super(reason);
  }
}

const errText = (err: unknown) => (err instanceof Error ? err.message : String(err));

function within<T>(promise: Promise<T>, reason: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new CheckFailed('timeout', `${reason} took over ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs `work`; a throw becomes its reason code, the detail kept for the log. */
async function runCheck<T>(
  work: () => Promise<T>,
  reason: string,
): Promise<{ value?: T; failure?: CheckFailed }> {
  try {
    return { value: await within(work(), reason) };
  } catch (err) {
    return { failure: err instanceof CheckFailed ? err : new CheckFailed(reason, errText(err)) };
  }
}

export class Readiness {
  private draining = false;
  private running: Promise<ReadinessAnswer> | null = null;
  /** the failing checks last time, so the log says when each one fails and when it recovers */
  private failing = new Set<string>();

  constructor(private readonly options: ReadinessOptions) {}

  /** The server is shutting down: not ready from now on, so a proxy stops sending it requests. */
  drain(): void {
    this.draining = true;
  }

  /** Concurrent probes share one run of the checks. */
  check(): Promise<ReadinessAnswer> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<ReadinessAnswer> {
    const details: Record<string, unknown> = {};
    const note = (name: string, failure: CheckFailed | undefined) => {
      if (failure) details[name] = failure.detail;
      return failure ? { ok: false, reason: failure.reason } : { ok: true };
    };
    const [database, migrations, dataDir, judge] = await Promise.all([
      runCheck(() => this.database(), 'unreachable'),
      runCheck(() => migrationState(this.options.db), 'unreadable'),
      runCheck(() => this.probeDataDir(), 'not_writable'),
      this.judge(),
    ]);
    const pending = migrations.value?.pending ?? [];
    const checks: Checks = {
      accepting: this.draining ? { ok: false, reason: 'shutting_down' } : { ok: true },
      database: note('database', database.failure),
      migrations: {
        ...(pending.length > 0 ? { ok: false, reason: 'pending' } : note('migrations', migrations.failure)),
        pending,
      },
      dataDir: note('dataDir', dataDir.failure),
      judge: {
        ...note('judge', judge.failure),
        inProcessWorkers: judge.inProcessWorkers,
        seenRecently: judge.seen,
      },
    };
    if (pending.length > 0) details.migrations = `pending: ${pending.join(', ')}`;
    this.logChanges(checks, details);
    return { ready: Object.values(checks).every((c) => c.ok), checks };
  }

  private async database(): Promise<void> {
    await sql`select 1`.execute(this.options.db.kysely);
  }

  /**
   * Creates and removes a file in DATA_DIR: what the server does with uploads, test data and mail.
   * A mode check would not do: root, which the judge needs, writes through any mode.
   */
  private async probeDataDir(): Promise<void> {
    const path = join(this.options.dataDir, `.ready-probe-${process.pid}-${randomBytes(4).toString('hex')}`);
    const handle = await open(path, 'wx', 0o600);
    try {
      await handle.write('ready');
    } finally {
      await handle.close();
      await unlink(path);
    }
  }

  /** A judge is at hand: this server's own workers, or any judge (remote, another replica's pool) seen lately. */
  private async judge(): Promise<{ inProcessWorkers: number; seen: number; failure?: CheckFailed }> {
    const inProcessWorkers = this.options.inProcessWorkers();
    const seen = await runCheck(
      () =>
        this.options.db.kysely
          .selectFrom('judge_server')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('last_seen', '>=', isoAfter(-JUDGE_SEEN_WITHIN_MS))
          .executeTakeFirstOrThrow(),
      'unreadable',
    );
    const n = Number(seen.value?.n ?? 0);
    if (inProcessWorkers > 0) return { inProcessWorkers, seen: n };
    if (seen.failure) return { inProcessWorkers, seen: n, failure: seen.failure };
    if (n === 0)
      return {
        inProcessWorkers,
        seen: n,
        failure: new CheckFailed('no_judge_seen', `no judge seen within ${JUDGE_SEEN_WITHIN_MS / 1000} s`),
      };
    return { inProcessWorkers, seen: n };
  }

  private logChanges(checks: Checks, details: Record<string, unknown>): void {
    for (const [name, result] of Object.entries(checks)) {
      if (name === 'accepting') continue;
      if (!result.ok && !this.failing.has(name)) {
        this.failing.add(name);
        this.options.log.warn(
          { check: name, reason: result.reason, detail: details[name] },
          'readiness check failing',
        );
      } else if (result.ok && this.failing.delete(name)) {
        this.options.log.info({ check: name }, 'readiness check passing again');
      }
    }
  }
}
