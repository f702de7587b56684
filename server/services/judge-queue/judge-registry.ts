/**
 * The judges that have talked to this server (docs/scaling.md, The judge list): the in-process
 * worker pool and every remote judge daemon, one `judge_server` row per name and kind. The judge
 * protocol reports to it on hello, claim and finish; writes stay cheap: a heartbeat is written at
 * most once per judge every few seconds (the last write times are kept in memory, per process),
 * and a finished submission is one counter increment.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { nowIso } from '../clock';

export type JudgeKind = 'local' | 'remote';

/** At most one heartbeat write per judge per this many milliseconds. */
export const HEARTBEAT_WRITE_MS = 5000;
/** A judge not seen for this many lease periods is offline. */
export const OFFLINE_AFTER_LEASES = 3;

export interface JudgeSighting {
  name: string;
  kind: JudgeKind;
  /** the claiming worker's id (`<name>#<n>`): the highest n seen is the judge's worker count */
  worker?: string;
  /** the languages the judge runs; absent: not told */
  languages?: readonly string[];
}

export interface JudgeListEntry {
  name: string;
  kind: JudgeKind;
  workers: number | null;
  languages: string[] | null;
  firstSeen: string;
  lastSeen: string;
  status: 'online' | 'offline';
  casesJudged: number;
}

interface Written {
  at: number;
  workers: number | null;
  languages: string | null;
}

const WORKER_NUMBER = /#(\d{1,4})$/;

function workerNumber(worker: string | undefined): number | null {
  const n = worker ? WORKER_NUMBER.exec(worker)?.[1] : undefined;
  return n ? Number(n) : null;
}

function parseLanguages(text: string | null): string[] | null {
  if (!text) return null;
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter((l): l is string => typeof l === 'string') : null;
  } catch {
    return null;
  }
}

export class JudgeRegistry {
  private readonly written = new Map<string, Written>();
  /** the highest worker number seen per judge in this process */
  private readonly workers = new Map<string, number>();

  constructor(private readonly db: Db) {}

  /**
   * A judge was heard from (hello or claim). Written when this process has not written it for a
   * few seconds, or when its worker count or languages changed; `force` writes anyway (hello).
   */
  async seen(sighting: JudgeSighting, force = false): Promise<void> {
    const key = `${sighting.kind}\n${sighting.name}`;
    const number = workerNumber(sighting.worker);
    const known = this.workers.get(key) ?? null;
    const workers = number !== null && (known === null || number > known) ? number : known;
    if (workers !== null) this.workers.set(key, workers);
    const languages = sighting.languages ? JSON.stringify([...sighting.languages].sort()) : null;
    const last = this.written.get(key);
    const now = Date.now();
    const changed = !last || last.workers !== workers || (languages !== null && last.languages !== languages);
    if (!force && !changed && now - last.at < HEARTBEAT_WRITE_MS) return;
    this.written.set(key, { at: now, workers, languages: languages ?? last?.languages ?? null });
    const time = nowIso();
    await this.db.kysely
      .insertInto('judge_server')
      .values({
        name: sighting.name,
        kind: sighting.kind,
        workers,
        languages,
        last_seen: time,
        gmt_create: time,
        gmt_modified: time,
      })
      .onConflict((oc) =>
        oc.columns(['name', 'kind']).doUpdateSet((eb) => ({
          last_seen: time,
          gmt_modified: time,
          // what this process has not learnt yet (after a restart) stays as another one wrote it
          workers: workers === null ? eb.ref('judge_server.workers') : workers,
          languages: languages === null ? eb.ref('judge_server.languages') : languages,
        })),
      )
      .execute();
  }

  /** A judge finished a submission: one more judged, and it was seen now. */
  async judged(name: string, kind: JudgeKind): Promise<void> {
    const time = nowIso();
    await this.db.kysely
      .insertInto('judge_server')
      .values({
        name,
        kind,
        workers: null,
        languages: null,
        cases_judged: 1,
        last_seen: time,
        gmt_create: time,
        gmt_modified: time,
      })
      .onConflict((oc) =>
        oc.columns(['name', 'kind']).doUpdateSet({
          cases_judged: sql<number>`judge_server.cases_judged + 1`,
          last_seen: time,
          gmt_modified: time,
        }),
      )
      .execute();
  }

  /** Every judge, online ones first, then by name; online = seen within `offlineAfterMs`. */
  async list(offlineAfterMs: number): Promise<JudgeListEntry[]> {
    const rows = await this.db.kysely.selectFrom('judge_server').selectAll().execute();
    const now = Date.now();
    return rows
      .map(
        (r): JudgeListEntry => ({
          name: r.name,
          kind: r.kind === 'local' ? 'local' : 'remote',
          workers: r.workers,
          languages: parseLanguages(r.languages),
          firstSeen: r.gmt_create,
          lastSeen: r.last_seen,
          status: now - Date.parse(r.last_seen) <= offlineAfterMs ? 'online' : 'offline',
          casesJudged: Number(r.cases_judged),
        }),
      )
      .sort((a, b) =>
        a.status !== b.status
          ? a.status === 'online'
            ? -1
            : 1
          : a.name.localeCompare(b.name) || a.kind.localeCompare(b.kind),
      );
  }
}

const registries = new WeakMap<Db, JudgeRegistry>();

/**
 * The registry of a database handle: the protocol of the remote judges' routes and the one of the
 * in-process pool share it, and with it the memory of when each judge was last written.
 */
export function judgeRegistry(db: Db): JudgeRegistry {
  let registry = registries.get(db);
  if (!registry) {
    registry = new JudgeRegistry(db);
    registries.set(db, registry);
  }
  return registry;
}
