import { buildScoreboard, computeScoreboard } from './compute-scoreboard';
import type { RankOrder } from './rank-rows';
import type { RankingInput, RankingParticipant, RankingSubmission, ScoreboardRow } from './types';

/** A submission the live board can replace later: `id` is its submission id. */
export interface BoardSubmission extends RankingSubmission {
  id: number;
}

/**
 * A scoreboard kept up to date one change at a time. The first build is one computeScoreboard over
 * everything; after that a changed or new submission recomputes only its participant's row (the same
 * engine over that participant's submissions), put in place in the kept order by binary search, and ranks,
 * first accepts and awards are walked once (RankOrder). Pure: no database, no clock.
 */
export class LiveBoard {
  private readonly subsByUser = new Map<string, Map<number, BoardSubmission>>();
  private readonly userOf = new Map<number, string>();
  private readonly rowOf = new Map<string, ScoreboardRow>();
  private readonly names = new Map<string, string>();
  /** participants listed up front: they keep a row even without submissions */
  private readonly listed = new Set<string>();
  private readonly counted = new Map<string, number>();
  private ranked: ScoreboardRow[];
  private readonly order: RankOrder;
  private readonly dirty = new Set<string>();
  private readonly base: Omit<RankingInput, 'submissions'>;
  private readonly rowSettings: RankingInput['settings'];
  private readonly problemSet: Set<string>;

  constructor(base: Omit<RankingInput, 'submissions'>, submissions: readonly BoardSubmission[]) {
    this.base = base;
    this.problemSet = new Set(base.problems);
    // a single participant's row needs neither awards nor other participants
    this.rowSettings = { ...base.settings, awards: { type: 'none' } };
    for (const p of base.participants ?? []) {
      this.names.set(p.uid, p.name ?? p.uid);
      this.listed.add(p.uid);
    }
    for (const s of submissions) this.store(s);
    const built = buildScoreboard({ ...base, submissions });
    this.order = built.order;
    this.ranked = built.rows;
    for (const row of this.ranked) this.rowOf.set(row.uid, row);
    for (const uid of this.subsByUser.keys()) this.counted.set(uid, this.countOf(uid));
  }

  /** Ranked rows; re-ranked once after any number of changes. */
  rows(): readonly ScoreboardRow[] {
    if (this.dirty.size > 0) {
      const removed: ScoreboardRow[] = [];
      const added: ScoreboardRow[] = [];
      for (const uid of this.dirty) {
        const before = this.rowOf.get(uid);
        if (before) removed.push(before);
        const after = this.recompute(uid);
        if (after) added.push(after);
      }
      this.dirty.clear();
      this.ranked = this.order.update(removed, added);
    }
    return this.ranked;
  }

  /** A participant's row (ranked as of the last rows() call). */
  row(uid: string): ScoreboardRow | undefined {
    this.rows();
    return this.rowOf.get(uid);
  }

  /** Submissions of this participant the board counts (HOJ's `total`). */
  totalOf(uid: string): number {
    return this.counted.get(uid) ?? 0;
  }

  /** Sets a participant's display name (takes effect with their next change or re-rank). */
  rename(uid: string, name: string): void {
    if (this.names.get(uid) === name) return;
    this.names.set(uid, name);
    const row = this.rowOf.get(uid);
    if (row) {
      row.name = name;
      this.dirty.add(uid);
    }
  }

  /** Adds submissions, or replaces those with the same id (a new verdict, a rejudge). */
  upsert(submissions: readonly BoardSubmission[]): void {
    for (const s of submissions) {
      const before = this.userOf.get(s.id);
      if (before !== undefined && before !== s.uid) this.remove([s.id]);
      this.store(s);
      this.dirty.add(s.uid);
    }
  }

  /** Drops submissions (deleted, or no longer on this board). */
  remove(ids: readonly number[]): void {
    for (const id of ids) {
      const uid = this.userOf.get(id);
      if (uid === undefined) continue;
      this.subsByUser.get(uid)?.delete(id);
      this.userOf.delete(id);
      this.dirty.add(uid);
    }
  }

  private store(s: BoardSubmission): void {
    let mine = this.subsByUser.get(s.uid);
    if (!mine) {
      mine = new Map();
      this.subsByUser.set(s.uid, mine);
    }
    mine.set(s.id, s);
    this.userOf.set(s.id, s.uid);
  }

  private countOf(uid: string): number {
    let n = 0;
    const include = this.base.settings.includeAfterContest === true;
    for (const s of this.subsByUser.get(uid)?.values() ?? []) {
      if (this.problemSet.has(s.problem) && (include || s.afterContest !== true)) n++;
    }
    return n;
  }

  /** The participant's row from their own submissions (undefined once they have none and are not listed). */
  private recompute(uid: string): ScoreboardRow | undefined {
    const mine = [...(this.subsByUser.get(uid)?.values() ?? [])];
    if (mine.length === 0 && !this.listed.has(uid)) {
      this.rowOf.delete(uid);
      this.subsByUser.delete(uid);
      this.counted.delete(uid);
      return undefined;
    }
    const participant: RankingParticipant = { uid, name: this.names.get(uid) ?? uid };
    const [row] = computeScoreboard({
      settings: this.rowSettings,
      problems: this.base.problems,
      participants: [participant],
      submissions: mine,
    });
    if (row) this.rowOf.set(uid, row);
    else this.rowOf.delete(uid);
    this.counted.set(uid, this.countOf(uid));
    return row;
  }
}
