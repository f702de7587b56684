/**
 * The judges that have talked to this server (docs/scaling.md, The judge list): the in-process
 * worker pool and every remote judge daemon, one `judge_server` row per name and kind. The judge
 * protocol reports to it on hello, claim and finish; writes stay cheap: a heartbeat is written at
 * most once per judge every few seconds (the last write times are kept in memory, per process),
 * and a finished submission is one counter increment, both committed without waiting for the disk
 * (a crash loses at most a last sign of life or a count). The languages a judge announces are kept in
 * the row too (`languages`: a JSON array of names, or of announced entries) and told at once to
 * whoever listens (the language registry, docs/scaling.md, Remote judges: their languages).
 */
import { sql } from 'kysely';
import { announcedLanguage } from '../../../judge/worker-protocol-schemas';
import type { Db } from '../../db/database';
import { isoAfter, nowIso } from '../clock';
import type { JudgeLanguages, LanguageInfo } from '../languages';

export type JudgeKind = 'local' | 'remote';

/** At most one heartbeat write per judge per this many milliseconds. */
export const HEARTBEAT_WRITE_MS = 5000;
/** A judge not seen for this many lease periods is offline. */
export const OFFLINE_AFTER_LEASES = 3;

/** The online window of the judge list: a judge seen within it is online, its languages offered. */
export const onlineWindowMs = (leaseMs: number): number => OFFLINE_AFTER_LEASES * leaseMs;

export interface JudgeSighting {
  name: string;
  kind: JudgeKind;
  /** the claiming worker's id (`<name>#<n>`): the highest n seen is the judge's worker count */
  worker?: string;
  /** the languages the judge runs; absent: not told */
  languages?: readonly string[];
  /** what it announced of them (docs/scaling.md, The judge protocol); absent: names only */
  languageInfo?: readonly LanguageInfo[];
}

/**
 * A judge was heard from: `languages` is what it announced, null when it only named its languages,
 * undefined when it said nothing of them (progress reports).
 */
export type SightingListener = (key: string, languages: readonly LanguageInfo[] | null | undefined) => void;

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

function parseJson(text: string | null): unknown[] | null {
  if (!text) return null;
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list : null;
  } catch {
    return null;
  }
}

/** The names in a row's languages: plain names, or the names of announced entries. */
function parseLanguages(text: string | null): string[] | null {
  const list = parseJson(text);
  if (!list) return null;
  return list
    .map((l) => (typeof l === 'string' ? l : announcedLanguage.safeParse(l).data?.name))
    .filter((l): l is string => typeof l === 'string');
}

/** The announced entries of a row ([] when the judge only named its languages). */
function parseAnnounced(text: string | null): LanguageInfo[] {
  const out: LanguageInfo[] = [];
  for (const l of parseJson(text) ?? []) {
    const entry = typeof l === 'object' ? announcedLanguage.safeParse(l) : null;
    if (entry?.success) out.push(entry.data);
  }
  return out;
}

const keyOf = (kind: string, name: string) => `${kind}\n${name}`;

/** What a sighting stores of the languages: the announced entries, else the names, else nothing. */
function storedLanguages(sighting: JudgeSighting): {
  text: string | null;
  told: LanguageInfo[] | null | undefined;
} {
  if (sighting.languageInfo) {
    const list = [...sighting.languageInfo].sort((a, b) => a.name.localeCompare(b.name));
    return { text: JSON.stringify(list), told: list };
  }
  if (sighting.languages) return { text: JSON.stringify([...sighting.languages].sort()), told: null };
  return { text: null, told: undefined };
}

export class JudgeRegistry {
  private readonly written = new Map<string, Written>();
  /** the highest worker number seen per judge in this process */
  private readonly workers = new Map<string, number>();
  private readonly listeners = new Set<SightingListener>();

  constructor(private readonly db: Db) {}

  /** Tells `listener` of every judge heard from in this process; returns the unsubscribe. */
  onSeen(listener: SightingListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A judge was heard from (hello or claim). Written when this process has not written it for a
   * few seconds, or when its worker count or languages changed; `force` writes anyway (hello).
   */
  async seen(sighting: JudgeSighting, force = false): Promise<void> {
    const key = keyOf(sighting.kind, sighting.name);
    const number = workerNumber(sighting.worker);
    const known = this.workers.get(key) ?? null;
    const workers = number !== null && (known === null || number > known) ? number : known;
    if (workers !== null) this.workers.set(key, workers);
    const { text: languages, told } = storedLanguages(sighting);
    // in memory first, on every sighting: the offer follows the judge without waiting for a write
    for (const listener of this.listeners) listener(key, told);
    const last = this.written.get(key);
    const now = Date.now();
    const changed = !last || last.workers !== workers || (languages !== null && last.languages !== languages);
    if (!force && !changed && now - last.at < HEARTBEAT_WRITE_MS) return;
    this.written.set(key, { at: now, workers, languages: languages ?? last?.languages ?? null });
    const time = nowIso();
    await this.db.unflushed
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
    await this.db.unflushed
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

  /** The languages of the judges seen within `onlineMs` (one small read, every few seconds per replica). */
  async announced(onlineMs: number): Promise<JudgeLanguages[]> {
    const rows = await this.db.kysely
      .selectFrom('judge_server')
      .select(['name', 'kind', 'languages', 'last_seen'])
      .where('last_seen', '>=', isoAfter(-onlineMs))
      .execute();
    return rows.map((r) => ({
      key: keyOf(r.kind, r.name),
      lastSeen: Date.parse(r.last_seen),
      languages: parseAnnounced(r.languages),
    }));
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
