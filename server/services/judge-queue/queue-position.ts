import { JUDGING_STATUSES, JudgeStatus } from '../../../shared/constants/judge-status';
import type { Db } from '../../db/database';
import { nowIso } from '../clock';
import { judgeRegistry, onlineWindowMs } from './judge-registry';

/** Where a waiting submission stands: its place (1 = the next one a judge takes) and a guess of its wait. */
export interface QueuePlace {
  queuePosition: number;
  /** seconds until its verdict, rounded up; null when nothing judges at all (no judge seen) */
  queueEtaSeconds: number | null;
}

interface QueuedRow {
  submit_id: number;
  uid: string;
  pid: number;
  cid: number;
  priority: number;
  leased: boolean;
}

interface Snapshot {
  /** waiting rows in the order judges claim them */
  waiting: QueuedRow[];
  /** rows a judge holds now */
  judging: QueuedRow[];
  cases: Map<number, number>;
  /** judging slots seen: online judges' workers, or the rows being judged when more */
  slots: number;
  /** whether any judge is online or busy (otherwise no wait can be guessed) */
  judges: boolean;
  at: number;
}

/** How long a judgement takes with `cases` cases: seconds = base + perCase × cases. */
export interface DurationModel {
  base: number;
  perCase: number;
}

/** Until enough judgements were seen: a compile and a sandbox start, then a tenth of a second a case. */
export const DEFAULT_DURATION: DurationModel = { base: 1.5, perCase: 0.1 };
/** judgements remembered for the model */
const SAMPLES = 50;
/** judgements needed before the model replaces the default */
const MIN_SAMPLES = 3;
/** a judgement longer than this is an outlier (a judge that stalled), not a measure */
const MAX_SAMPLE_SECONDS = 600;
/** starts remembered without their verdict yet */
const MAX_STARTS = 5000;

/**
 * Fits seconds = base + perCase × cases to recent judgements by least squares; with too few, or all
 * of one size, keeps the default's per-case cost and fits the base alone.
 */
export function fitDuration(samples: readonly { cases: number; seconds: number }[]): DurationModel {
  if (samples.length < MIN_SAMPLES) return DEFAULT_DURATION;
  const n = samples.length;
  const mx = samples.reduce((s, x) => s + x.cases, 0) / n;
  const my = samples.reduce((s, x) => s + x.seconds, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const s of samples) {
    sxx += (s.cases - mx) ** 2;
    sxy += (s.cases - mx) * (s.seconds - my);
  }
  const perCase = sxx > 0 ? Math.max(0, sxy / sxx) : DEFAULT_DURATION.perCase;
  const base = Math.max(0.1, my - perCase * mx);
  return { base, perCase };
}

const seconds = (model: DurationModel, cases: number) => model.base + model.perCase * cases;

/**
 * Queue places and estimated waits of waiting submissions (docs/architecture.md, Where is my
 * submission?). The queue is the `judge` table, shared by every replica, so places are read from it:
 * one small read of the in-progress rows (waiting rows are few), kept for a moment and shared by
 * every caller meanwhile. The order is the claim order of JudgeQueue.claim: priority, contest
 * submissions first, then submit id.
 *
 * The wait: the work ahead (each waiting submission ahead costs the model's time for its problem's
 * cases, each one being judged half of it) shared among the judging slots, plus the submission's own
 * time. The model is fitted to the judgements this process saw start and finish (any replica's, as
 * the live channel tells it), so it follows the judges' recent pace.
 */
export class QueuePlaces {
  private cached: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;
  private readonly starts = new Map<number, number>();
  private readonly samples: { cases: number; seconds: number }[] = [];
  private model: DurationModel = DEFAULT_DURATION;

  constructor(
    private readonly db: Db,
    private readonly options: { leaseMs: number; ttlMs?: number },
  ) {}

  /** The queue moved: the next read looks again. */
  invalidate(): void {
    this.cached = null;
  }

  /** A judge started on a submission (compiling). */
  observeStart(submitId: number, at = Date.now()): void {
    if (this.starts.size >= MAX_STARTS) this.starts.clear();
    if (!this.starts.has(submitId)) this.starts.set(submitId, at);
  }

  /** A judge's verdict on a submission with `cases` cases judged. */
  observeFinish(submitId: number, cases: number, at = Date.now()): void {
    const start = this.starts.get(submitId);
    this.starts.delete(submitId);
    if (start === undefined || cases < 0) return;
    const took = (at - start) / 1000;
    if (took < 0 || took > MAX_SAMPLE_SECONDS) return;
    this.samples.push({ cases, seconds: took });
    if (this.samples.length > SAMPLES) this.samples.shift();
    this.model = fitDuration(this.samples);
  }

  /** The model in use (the benchmark and tests read it). */
  durationModel(): DurationModel {
    return this.model;
  }

  /** Places of those of `submitIds` that wait; the others are absent. */
  async placesOf(submitIds: readonly number[]): Promise<Map<number, QueuePlace>> {
    const out = new Map<number, QueuePlace>();
    if (submitIds.length === 0) return out;
    const snap = await this.snapshot();
    const wanted = new Set(submitIds);
    this.walk(snap, (row, place) => {
      if (wanted.has(row.submit_id)) out.set(row.submit_id, place);
    });
    return out;
  }

  /** Every waiting submission's place, with its owner. */
  async all(): Promise<{ submitId: number; uid: string; cid: number; place: QueuePlace }[]> {
    const snap = await this.snapshot();
    const out: { submitId: number; uid: string; cid: number; place: QueuePlace }[] = [];
    this.walk(snap, (row, place) => out.push({ submitId: row.submit_id, uid: row.uid, cid: row.cid, place }));
    return out;
  }

  private walk(snap: Snapshot, visit: (row: QueuedRow, place: QueuePlace) => void): void {
    const model = this.model;
    const casesOf = (pid: number) => snap.cases.get(pid) ?? 0;
    let ahead = snap.judging.reduce((s, r) => s + seconds(model, casesOf(r.pid)) / 2, 0);
    snap.waiting.forEach((row, i) => {
      const own = seconds(model, casesOf(row.pid));
      visit(row, {
        queuePosition: i + 1,
        queueEtaSeconds: snap.judges ? Math.max(1, Math.ceil(ahead / snap.slots + own)) : null,
      });
      ahead += own;
    });
  }

  private async snapshot(): Promise<Snapshot> {
    const ttl = this.options.ttlMs ?? 500;
    if (this.cached && Date.now() - this.cached.at < ttl) return this.cached;
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    const snap = await this.loading;
    this.cached = snap;
    return snap;
  }

  private async load(): Promise<Snapshot> {
    const now = nowIso();
    const rows = await this.db.kysely
      .selectFrom('judge')
      .select(['submit_id', 'uid', 'pid', 'cid', 'priority', 'lease_expires_at'])
      .where('status', 'in', [...JUDGING_STATUSES])
      .execute();
    const all: QueuedRow[] = rows.map((r) => ({
      submit_id: r.submit_id,
      uid: r.uid,
      pid: r.pid,
      cid: r.cid,
      priority: r.priority,
      leased: r.lease_expires_at !== null && r.lease_expires_at >= now,
    }));
    const waiting = all
      .filter((r) => !r.leased)
      .sort(
        (a, b) =>
          a.priority - b.priority ||
          (a.cid === 0 ? 1 : 0) - (b.cid === 0 ? 1 : 0) ||
          a.submit_id - b.submit_id,
      );
    const judging = all.filter((r) => r.leased);
    const pids = [...new Set(all.map((r) => r.pid))];
    const cases = new Map<number, number>();
    for (let i = 0; i < pids.length; i += 500) {
      const counts = await this.db.kysely
        .selectFrom('problem_case')
        .select((eb) => ['pid', eb.fn.countAll<number>().as('n')])
        .where('pid', 'in', pids.slice(i, i + 500))
        .where('status', '=', 0)
        .groupBy('pid')
        .execute();
      for (const c of counts) cases.set(c.pid, Number(c.n));
    }
    let workers = 0;
    if (waiting.length > 0) {
      const judges = await judgeRegistry(this.db).list(onlineWindowMs(this.options.leaseMs));
      for (const j of judges) if (j.status === 'online') workers += Math.max(1, j.workers ?? 1);
    }
    return {
      waiting,
      judging,
      cases,
      slots: Math.max(1, workers, judging.length),
      judges: workers > 0 || judging.length > 0,
      at: Date.now(),
    };
  }
}

type Placeable = { submitId: number; status: number };

/**
 * The rows with their queue places added to those that wait (HOJ clients ignore the extra fields).
 * Without a waiting row the very same array comes back, so a cached page keeps its cached text.
 */
export async function withQueuePlaces<T extends Placeable>(
  places: QueuePlaces,
  rows: readonly T[],
): Promise<readonly T[]> {
  const waiting = rows.filter((r) => r.status === JudgeStatus.PENDING).map((r) => r.submitId);
  if (waiting.length === 0) return rows;
  const found = await places.placesOf(waiting);
  if (found.size === 0) return rows;
  return rows.map((r) => {
    const place = found.get(r.submitId);
    return place ? { ...r, ...place } : r;
  });
}

/** A page of submissions with queue places (the same page when nothing on it waits). */
export async function pageWithQueuePlaces<T extends Placeable, P extends { records: T[] }>(
  places: QueuePlaces,
  page: P,
): Promise<P> {
  const records = await withQueuePlaces(places, page.records);
  return records === page.records ? page : { ...page, records: [...records] };
}

/** Polling answers by submit id, with queue places. */
export async function recordWithQueuePlaces<T extends Placeable>(
  places: QueuePlaces,
  byId: Record<string, T>,
): Promise<Record<string, T>> {
  const rows = Object.values(byId);
  const placed = await withQueuePlaces(places, rows);
  if (placed === rows) return byId;
  return Object.fromEntries(placed.map((r) => [String(r.submitId), r]));
}
