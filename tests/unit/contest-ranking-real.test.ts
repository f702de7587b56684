import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  feedToRankingInput,
  type ImportedFeed,
  readEventFeed,
} from '@/server/services/contests/feed/read-feed';
import {
  computeScoreboard,
  type RankingInput,
  type RankingSubmission,
  type ScoreboardRow,
} from '@/server/services/contests/ranking';

const dir = join(__dirname, '../fixtures/contests');
const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(dir, path), 'utf8')) as T;

interface PublishedCell {
  label: string;
  num_judged: number;
  num_pending: number;
  solved: boolean;
  time?: number;
  first_to_solve: boolean;
}
interface PublishedRow {
  rank: number;
  team_id: string;
  score: { num_solved: number; total_time: number };
  problems: PublishedCell[];
}

/** A row of our board in the Contest API's terms (minutes, num_judged = counted tries up to the first accept). */
function asPublished(row: ScoreboardRow, labels: readonly string[]) {
  return {
    rank: row.rank,
    team_id: row.uid,
    score: { num_solved: row.ac, total_time: row.totalTime / 60 },
    problems: labels.map((label) => {
      const c = row.submissionInfo[label];
      if (!c) throw new Error(`missing cell ${label}`);
      return {
        label,
        num_judged: c.errorNum + (c.isAC ? 1 : 0),
        num_pending: c.tryNum,
        solved: c.isAC,
        ...(c.isAC ? { time: (c.ACTime ?? 0) / 60 } : {}),
        first_to_solve: c.isFirstAC,
      };
    }),
  };
}

const byUid = (rows: ScoreboardRow[]) => new Map(rows.map((r) => [r.uid, r]));

/** WF47's final runs (xcpcio board-data: final verdicts at minute resolution, CE dropped) keyed by the CCS ids. */
function wf47FinalInput(sealed: boolean): RankingInput {
  const ccsTeams = readJson<{ id: string; display_name: string }[]>('wf47/teams.json');
  const idByName = new Map(ccsTeams.map((t) => [t.display_name, t.id]));
  const xTeams = readJson<{ team_id: string; name: string }[]>('wf47/xcpcio-team.json');
  const uidOf = new Map(xTeams.map((t) => [t.team_id, idByName.get(t.name)]));
  const runs =
    readJson<{ status: string; team_id: string; problem_id: string; timestamp: number }[]>(
      'wf47/xcpcio-run.json',
    );
  const labels = 'ABCDEFGHIJK'.split('');
  const submissions: RankingSubmission[] = runs.map((r) => {
    const uid = uidOf.get(r.team_id);
    if (!uid) throw new Error(`unmapped team ${r.team_id}`);
    return {
      uid,
      problem: labels[Number(r.problem_id)] as string,
      time: r.timestamp * 1000,
      verdict: r.status === 'CORRECT' ? 'AC' : 'WA',
    };
  });
  return {
    settings: {
      type: 'ACM',
      sealRankTime: 240 * 60_000,
      sealed,
      penaltyMode: 'icpc-minutes',
      penaltyMinutes: 20,
      verdicts: { AC: { penalty: false, solved: true }, WA: { penalty: true, solved: false } },
    },
    problems: labels,
    participants: ccsTeams.map((t) => ({ uid: t.id, name: t.display_name })),
    submissions,
  };
}

describe('WF47 (47th ICPC World Finals)', () => {
  const published = readJson<{ rows: PublishedRow[] }>('wf47/final-scoreboard.json').rows;
  const labels = 'ABCDEFGHIJK'.split('');
  const feed = readEventFeed(readFileSync(join(dir, 'wf47/event-feed-frozen.ndjson'), 'utf8'));

  it('reproduces the published final scoreboard in every row and cell', () => {
    const board = computeScoreboard(wf47FinalInput(false));
    expect(board).toHaveLength(published.length);
    const ours = byUid(board);
    for (const row of published) {
      const mine = ours.get(row.team_id);
      if (!mine) throw new Error(`team ${row.team_id} missing`);
      const expected = {
        ...row,
        problems: row.problems.map(
          ({ problem_id: _ignored, ...cell }: PublishedCell & { problem_id?: string }) => cell,
        ),
      };
      expect(asPublished(mine, labels), `team ${row.team_id}`).toEqual(expected);
    }
    // Row order follows rank.
    const ranks = board.map((r) => r.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('awards first to solve exactly as published (10 problems)', () => {
    const board = computeScoreboard(wf47FinalInput(false));
    const ours = board.flatMap((r) =>
      labels.filter((l) => r.submissionInfo[l]?.isFirstAC).map((l) => `${l}:${r.uid}`),
    );
    const theirs = published.flatMap((r) =>
      r.problems.filter((p) => p.first_to_solve).map((p) => `${p.label}:${r.team_id}`),
    );
    expect(theirs).toHaveLength(10);
    expect(ours.sort()).toEqual(theirs.sort());
  });

  it('reads the real frozen feed: teams, problems, penalty 20 (integer), freeze at 4:00', () => {
    expect(feed.teams).toHaveLength(130);
    expect(feed.problems.map((p) => p.label)).toEqual(labels);
    expect(feed.penaltyMinutes).toBe(20);
    expect(feed.freezeTime).toBe(240 * 60_000);
    expect(feed.verdicts.CE).toEqual({ penalty: false, solved: false, pending: false });
    expect(feed.verdicts.WA?.penalty).toBe(true);
  });

  it('the frozen board of the public feed agrees with the final results in every row', () => {
    const fromFeed = computeScoreboard(feedToRankingInput(feed, { sealed: true }));
    // Ranks and totals depend only on solved cells, whose times the final runs carry exactly.
    const sealedFinal = byUid(computeScoreboard(wf47FinalInput(true)));
    const publishedByUid = new Map(published.map((r) => [r.team_id, r]));
    expect(fromFeed).toHaveLength(130);
    let pendingCells = 0;
    for (const row of fromFeed) {
      const other = sealedFinal.get(row.uid);
      expect([row.rank, row.ac, row.totalTime], row.uid).toEqual([other?.rank, other?.ac, other?.totalTime]);
      const finalRow = publishedByUid.get(row.uid);
      for (const cell of asPublished(row, labels).problems) {
        const fin = finalRow?.problems.find((p) => p.label === cell.label);
        if (!fin) throw new Error(`cell ${row.uid}/${cell.label} missing`);
        if (cell.solved) {
          // A cell solved before the freeze is final: same time and same number of judged tries.
          expect([fin.solved, fin.time, fin.num_judged], `${row.uid}/${cell.label}`).toEqual([
            true,
            cell.time,
            cell.num_judged,
          ]);
          expect(cell.num_pending).toBe(0);
        } else {
          // Not solved before the freeze: not solved before 4:00 in the final board, and no try forgotten.
          expect(fin.solved && (fin.time ?? 0) < 240, `${row.uid}/${cell.label}`).toBe(false);
          expect(cell.num_judged).toBeLessThanOrEqual(fin.num_judged);
          if (fin.solved) expect(cell.num_pending, `${row.uid}/${cell.label}`).toBeGreaterThan(0);
          if (cell.num_pending > 0) pendingCells++;
        }
      }
    }
    expect(pendingCells).toBeGreaterThan(100);
    // The public view at the freeze (pending = tries after the freeze): HSE 9/995 (1), Peking 9/1068 (3), MIPT 9/1143.
    const top = fromFeed.slice(0, 3).map((r) => {
      const team = feed.teams.find((t) => t.uid === r.uid);
      const pending = labels.reduce((n, l) => n + (r.submissionInfo[l]?.tryNum ?? 0), 0);
      return [team?.displayName, r.rank, r.ac, r.totalTime / 60, pending];
    });
    expect(top).toEqual([
      ['National Research University Higher School of Economics', 1, 9, 995, 1],
      ['Peking University', 2, 9, 1068, 3],
      ['Moscow Institute of Physics and Technology', 3, 9, 1143, 0],
    ]);
  });

  it('first to solve on the frozen feed (millisecond times) matches the published flags for the 9 problems solved before the freeze', () => {
    const fromFeed = computeScoreboard(feedToRankingInput(feed, { sealed: true }));
    const ours = fromFeed.flatMap((r) =>
      labels.filter((l) => r.submissionInfo[l]?.isFirstAC).map((l) => `${l}:${r.uid}`),
    );
    const theirs = published.flatMap((r) =>
      r.problems.filter((p) => p.first_to_solve && (p.time ?? 0) < 240).map((p) => `${p.label}:${r.team_id}`),
    );
    expect(theirs).toHaveLength(9);
    expect(ours.sort()).toEqual(theirs.sort());
  });
});

/**
 * A deliberately naive second opinion written straight from the CCS rules: per team and problem, the judged
 * submissions before the freeze (if frozen) in time order up to the first accept; penalty tries per the feed's
 * judgement types; minute floored per problem; order solved desc, penalty asc, last accept minute asc.
 */
function naiveIcpcBoard(feed: ImportedFeed, frozen: boolean) {
  const limit = frozen && feed.freezeTime !== null ? feed.freezeTime : Number.POSITIVE_INFINITY;
  const teams = feed.teams.map((t) => {
    let solved = 0;
    let penalty = 0;
    let last = 0;
    const cells: Record<string, [boolean, number, number]> = {};
    for (const { label } of feed.problems) {
      const runs = feed.submissions
        .filter((x) => x.uid === t.uid && x.problem === label && !x.afterContest)
        .sort((a, b) => a.time - b.time);
      let tries = 0;
      let at = -1;
      for (const r of runs) {
        if (r.time >= limit || r.verdict === null) continue;
        const type = feed.verdicts[r.verdict];
        if (!type || type.pending) continue;
        if (type.solved) {
          at = Math.floor(r.time / 60_000);
          break;
        }
        if (type.penalty) tries++;
      }
      cells[label] = [at >= 0, at >= 0 ? at : -1, tries];
      if (at >= 0) {
        solved++;
        penalty += at + tries * feed.penaltyMinutes;
        last = Math.max(last, at);
      }
    }
    return { uid: t.uid, solved, penalty, last, cells, rank: 0 };
  });
  const key = (a: (typeof teams)[number], b: (typeof teams)[number]) =>
    b.solved - a.solved || a.penalty - b.penalty || a.last - b.last;
  teams.sort(key);
  teams.forEach((t, i) => {
    const prev = teams[i - 1];
    t.rank = prev && key(prev, t) === 0 ? prev.rank : i + 1;
  });
  return teams;
}

describe('EUC 2025 (ICPC Europe Championship)', () => {
  const feed = readEventFeed(readFileSync(join(dir, 'euc2025/event-feed.ndjson'), 'utf8'));
  const labels = feed.problems.map((p) => p.label);
  const nameOf = (uid: string) => feed.teams.find((t) => t.uid === uid)?.displayName;

  it('reads penalty_time given as a time string and the one-hour freeze', () => {
    expect(feed.penaltyMinutes).toBe(20);
    expect(feed.freezeTime).toBe(240 * 60_000);
    expect(feed.teams).toHaveLength(53);
    expect(labels).toHaveLength(11);
  });

  for (const frozen of [false, true]) {
    it(`the ${frozen ? 'frozen' : 'final'} board equals a naive rules-first ranker in every row and cell`, () => {
      const ours = byUid(computeScoreboard(feedToRankingInput(feed, { sealed: frozen })));
      const naive = naiveIcpcBoard(feed, frozen);
      expect(naive).toHaveLength(53);
      for (const t of naive) {
        const r = ours.get(t.uid);
        if (!r) throw new Error(`team ${t.uid} missing`);
        const cells = Object.fromEntries(
          labels.map((l) => {
            const c = r.submissionInfo[l];
            return [l, [c?.isAC, c?.isAC ? (c.ACTime ?? 0) / 60 : -1, c?.errorNum]];
          }),
        );
        expect({ rank: r.rank, solved: r.ac, penalty: r.totalTime / 60, cells }, t.uid).toEqual({
          rank: t.rank,
          solved: t.solved,
          penalty: t.penalty,
          cells: t.cells,
        });
      }
    });
  }

  it('first to solve equals the 11 first-to-solve awards of the feed', () => {
    const board = computeScoreboard(feedToRankingInput(feed, { sealed: false }));
    const ours: Record<string, string[]> = {};
    for (const r of board) {
      for (const l of labels) {
        if (r.submissionInfo[l]?.isFirstAC) ours[l] = [...(ours[l] ?? []), r.uid];
      }
    }
    expect(Object.keys(feed.firstToSolve)).toHaveLength(11);
    expect(ours).toEqual(feed.firstToSolve);
  });

  it('the frozen leader (Utrecht 7/706) is overtaken after the thaw (Delft 8/1299)', () => {
    const frozen = computeScoreboard(feedToRankingInput(feed, { sealed: true }));
    const final = computeScoreboard(feedToRankingInput(feed, { sealed: false }));
    expect([nameOf(frozen[0]?.uid ?? ''), frozen[0]?.ac, (frozen[0]?.totalTime ?? 0) / 60]).toEqual([
      expect.stringMatching(/Utrecht/),
      7,
      706,
    ]);
    expect([nameOf(final[0]?.uid ?? ''), final[0]?.ac, (final[0]?.totalTime ?? 0) / 60]).toEqual([
      expect.stringMatching(/Delft/),
      8,
      1299,
    ]);
    // Every cell solved before the freeze is identical on both boards; nothing frozen is shown solved.
    const finalByUid = byUid(final);
    for (const row of frozen) {
      for (const l of labels) {
        const f = row.submissionInfo[l];
        const g = finalByUid.get(row.uid)?.submissionInfo[l];
        if (f?.isAC) expect([g?.isAC, g?.ACTime, g?.errorNum]).toEqual([true, f.ACTime, f.errorNum]);
        if (f?.isFrozen) expect(f.tryNum).toBeGreaterThan(0);
      }
    }
  });
});
