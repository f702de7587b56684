import { describe, expect, it } from 'vitest';
import { feedToRankingInput, readEventFeed } from '@/server/services/contests/feed/read-feed';
import {
  computeScoreboard,
  DEFAULT_MEDALS,
  type RankingInput,
  type RankingSettings,
  type RankingSubmission,
  type ScoreboardRow,
} from '@/server/services/contests/ranking';
import { timeOrder } from '@/server/services/contests/ranking/compute-scoreboard';

const MIN = 60_000;
const SEC = 1000;

function board(
  submissions: RankingSubmission[],
  settings: Partial<RankingSettings> = {},
  extra: Partial<RankingInput> = {},
): ScoreboardRow[] {
  return computeScoreboard({
    settings: { type: 'ACM', sealRankTime: null, sealed: false, ...settings },
    problems: ['A', 'B', 'C'],
    submissions,
    ...extra,
  });
}
const sub = (
  uid: string,
  problem: string,
  time: number,
  verdict: string | null,
  more: Partial<RankingSubmission> = {},
) => ({
  uid,
  problem,
  time,
  verdict,
  ...more,
});
const row = (rows: ScoreboardRow[], uid: string): ScoreboardRow => {
  const r = rows.find((x) => x.uid === uid);
  if (!r) throw new Error(`no row ${uid}`);
  return r;
};
const cell = (rows: ScoreboardRow[], uid: string, p: string) => {
  const c = row(rows, uid).submissionInfo[p];
  if (!c) throw new Error(`no cell ${uid}/${p}`);
  return c;
};

describe('ACM penalty modes', () => {
  const runs = [
    sub('u', 'A', 10 * SEC, 'WA'),
    sub('u', 'A', 59 * SEC + 900, 'AC'),
    sub('u', 'B', 2 * MIN + 59 * SEC, 'AC'),
  ];

  it("'hoj-seconds' (default) sums accept seconds + 20 min per earlier counted try", () => {
    const r = row(board(runs), 'u');
    expect(r.ac).toBe(2);
    expect(r.totalTime).toBe(59 + 1200 + 179);
    expect(r.submissionInfo.A?.ACTime).toBe(59);
  });

  it("'icpc-minutes' floors each problem's accept minute before adding the penalty", () => {
    const r = row(board(runs, { penaltyMode: 'icpc-minutes' }), 'u');
    expect(r.totalTime).toBe((0 + 20 + 2) * 60);
    expect(r.submissionInfo.B?.ACTime).toBe(120);
  });

  it('the penalty per try is a setting', () => {
    expect(row(board(runs, { penaltyMinutes: 10 }), 'u').totalTime).toBe(59 + 600 + 179);
  });
});

describe('which verdicts count (HOJ table)', () => {
  it('PE, WA, TLE, MLE and RE cost penalty; CE, SE, PA and cancelled do not', () => {
    const verdicts = ['PE', 'WA', 'TLE', 'MLE', 'RE', 'CE', 'SE', 'PA', 'CA'];
    const rows = board([...verdicts.map((v, i) => sub('u', 'A', i * SEC, v)), sub('u', 'A', MIN, 'AC')]);
    expect(cell(rows, 'u', 'A').errorNum).toBe(5);
    expect(row(rows, 'u').totalTime).toBe(60 + 5 * 1200);
  });

  it('a compile error alone leaves the cell untouched', () => {
    const c = cell(board([sub('u', 'A', SEC, 'CE')]), 'u', 'A');
    expect([c.errorNum, c.tryNum, c.isAC]).toEqual([0, 0, false]);
  });

  it('unjudged submissions are pending tries with no effect; tries after the accept are ignored', () => {
    const rows = board([
      sub('u', 'A', SEC, null),
      sub('u', 'A', 2 * SEC, 'AC'),
      sub('u', 'A', 3 * SEC, 'WA'),
    ]);
    const c = cell(rows, 'u', 'A');
    expect([c.isAC, c.errorNum, c.tryNum, c.ACTime]).toEqual([true, 0, 1, 2]);
  });

  it('a custom verdict table (e.g. from a feed) decides instead', () => {
    const verdicts = { AC: { penalty: false, solved: true }, CE: { penalty: true, solved: false } };
    expect(
      cell(board([sub('u', 'A', 0, 'CE'), sub('u', 'A', SEC, 'AC')], { verdicts }), 'u', 'A').errorNum,
    ).toBe(1);
  });
});

describe('sealing', () => {
  const runs = [sub('u', 'A', 10 * MIN, 'WA'), sub('u', 'A', 50 * MIN, 'AC'), sub('v', 'A', 40 * MIN, 'AC')];

  it('a sealed viewer sees tries at or after the seal as pending, not counted', () => {
    const rows = board(runs, { sealRankTime: 50 * MIN, sealed: true });
    const c = cell(rows, 'u', 'A');
    expect([c.isAC, c.errorNum, c.tryNum, c.isFrozen]).toEqual([false, 1, 1, true]);
    expect(row(rows, 'v').rank).toBe(1);
  });

  it('a live viewer (admin) of the same contest sees everything', () => {
    const c = cell(board(runs, { sealRankTime: 50 * MIN, sealed: false }), 'u', 'A');
    expect([c.isAC, c.tryNum, c.isFrozen]).toEqual([true, 0, false]);
  });
});

describe('ranks, ties and stars', () => {
  it('equal solved and penalty share a rank and leave a gap (1, 1, 3)', () => {
    const rows = board([sub('a', 'A', MIN, 'AC'), sub('b', 'A', MIN, 'AC'), sub('c', 'A', 2 * MIN, 'AC')]);
    expect(rows.map((r) => [r.uid, r.rank])).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', 3],
    ]);
  });

  it('icpc-minutes breaks a tie by the last accepted minute; hoj-seconds does not', () => {
    // a: 10 + 50 = 60 minutes, last at 50; b: 30 + 30 = 60 minutes, last at 30.
    const runs = [
      sub('a', 'A', 10 * MIN, 'AC'),
      sub('a', 'B', 50 * MIN, 'AC'),
      sub('b', 'A', 30 * MIN, 'AC'),
      sub('b', 'B', 30 * MIN, 'AC'),
    ];
    expect(board(runs, { penaltyMode: 'icpc-minutes' }).map((r) => [r.uid, r.rank])).toEqual([
      ['b', 1],
      ['a', 2],
    ]);
    expect(board(runs).map((r) => r.rank)).toEqual([1, 1]);
  });

  it('more solved beats less penalty', () => {
    const rows = board([
      sub('a', 'A', 200 * MIN, 'AC'),
      sub('a', 'B', 201 * MIN, 'AC'),
      sub('b', 'A', MIN, 'AC'),
    ]);
    expect(rows.map((r) => r.uid)).toEqual(['a', 'b']);
  });

  it('star users get rank -1, take no rank number and no award', () => {
    const rows = board(
      [sub('s', 'A', MIN, 'AC'), sub('a', 'A', 2 * MIN, 'AC'), sub('b', 'A', 3 * MIN, 'AC')],
      {
        starUids: ['s'],
        awards: { type: 'count', levels: [{ name: 'Gold', background: '#fc0', color: '#fff', num: 1 }] },
      },
    );
    expect(rows.map((r) => [r.uid, r.rank, r.awardName])).toEqual([
      ['s', -1, null],
      ['a', 1, 'Gold'],
      ['b', 2, null],
    ]);
  });

  it('first AC: the earliest accept per problem; equal times are all first', () => {
    const rows = board([
      sub('a', 'A', 5 * SEC, 'AC'),
      sub('b', 'A', 5 * SEC, 'AC'),
      sub('c', 'A', 6 * SEC, 'AC'),
    ]);
    expect(['a', 'b', 'c'].map((u) => cell(rows, u, 'A').isFirstAC)).toEqual([true, true, false]);
  });

  it('participants without submissions appear with nothing solved', () => {
    const rows = board([sub('a', 'A', MIN, 'AC')], {}, { participants: [{ uid: 'z', name: 'Zed' }] });
    expect(rows.map((r) => [r.uid, r.rank, r.ac])).toEqual([
      ['a', 1, 1],
      ['z', 2, 0],
    ]);
  });
});

describe('after-contest submissions', () => {
  const runs = [sub('u', 'A', 400 * MIN, 'AC', { afterContest: true })];
  it('are left out unless asked for', () => {
    expect(row(board(runs, {}, { participants: [{ uid: 'u' }] }), 'u').ac).toBe(0);
  });
  it('count and are marked when included', () => {
    const c = cell(board(runs, { includeAfterContest: true }), 'u', 'A');
    expect([c.isAC, c.isAfterContest]).toEqual([true, true]);
  });
});

describe('awards', () => {
  const many = (n: number) =>
    Array.from({ length: n }, (_, i) => sub(`u${String(i).padStart(2, '0')}`, 'A', (i + 1) * MIN, 'AC'));

  it('medal percentages 10/20/30 are floored over non-star participants', () => {
    // 19 official → gold floor(1.9)=1, silver floor(3.8)=3, bronze floor(5.7)=5.
    const rows = board([...many(19), sub('star', 'A', 0, 'AC')], {
      starUids: ['star'],
      awards: DEFAULT_MEDALS,
    });
    const count = (name: string) => rows.filter((r) => r.awardName === name).length;
    expect([count('Gold'), count('Silver'), count('Bronze')]).toEqual([1, 3, 5]);
    expect(row(rows, 'u00').awardName).toBe('Gold');
    expect(row(rows, 'u04').awardName).toBe('Bronze');
    expect(row(rows, 'u09').isWinAward).toBe(false);
    expect(row(rows, 'star').isWinAward).toBe(false);
  });

  it('fixed counts; rows without a solve never win', () => {
    const levels = [
      { name: 'Gold', background: '#fc0', color: '#fff', num: 2 },
      { name: 'Silver', background: '#ccc', color: '#000', num: 2 },
    ];
    const rows = board([...many(3), sub('zero', 'A', MIN, 'WA')], { awards: { type: 'count', levels } });
    expect(rows.map((r) => r.awardName)).toEqual(['Gold', 'Gold', 'Silver', null]);
    expect(row(rows, 'u00').awardBackground).toBe('#fc0');
  });

  it('a level whose floored share is 0 is dropped', () => {
    const rows = board(many(5), { awards: DEFAULT_MEDALS });
    // 5 → gold 0 (dropped), silver 1, bronze 1.
    expect(rows.map((r) => r.awardName)).toEqual(['Silver', 'Bronze', null, null, null]);
  });
});

describe('OI', () => {
  const runs = [
    sub('u', 'A', MIN, 'WA', { score: 80 }),
    sub('u', 'A', 2 * MIN, 'WA', { score: 50 }),
    sub('v', 'A', MIN, 'AC', { score: 60, useTime: 300 }),
    sub('w', 'A', MIN, 'AC', { score: 60, useTime: 100 }),
  ];
  it('Recent takes the last score', () => {
    const rows = board(runs, { type: 'OI', oiScoreMode: 'Recent' });
    expect(row(rows, 'u').totalScore).toBe(50);
    expect(rows.map((r) => r.uid)).toEqual(['w', 'v', 'u']);
  });
  it('Highest takes the best score', () => {
    const rows = board(runs, { type: 'OI', oiScoreMode: 'Highest' });
    expect(row(rows, 'u').totalScore).toBe(80);
    expect(rows[0]?.uid).toBe('u');
  });
  it('equal scores are ordered by accepted run time, and share a rank when that is equal too', () => {
    const rows = board(runs, { type: 'OI', oiScoreMode: 'Recent' });
    expect([row(rows, 'w').rank, row(rows, 'v').rank]).toEqual([1, 2]);
    const same = board(
      [sub('a', 'A', MIN, 'AC', { score: 100 }), sub('b', 'A', 2 * MIN, 'AC', { score: 100 })],
      {
        type: 'OI',
      },
    );
    expect(same.map((r) => r.rank)).toEqual([1, 1]);
  });
  it('a sealed viewer does not see OI scores after the seal', () => {
    const rows = board([sub('u', 'A', 10 * MIN, 'AC', { score: 100 })], {
      type: 'OI',
      sealRankTime: 5 * MIN,
      sealed: true,
    });
    expect([row(rows, 'u').totalScore, cell(rows, 'u', 'A').tryNum]).toEqual([0, 1]);
  });
});

describe('event-feed reader', () => {
  const line = (type: string, data: unknown, id?: string) => JSON.stringify({ type, id, data });
  const feedText = (penalty: unknown) =>
    [
      line('contest', {
        id: 'c',
        name: 'C',
        start_time: '2025-01-01T00:00:00Z',
        duration: '5:00:00',
        scoreboard_freeze_duration: '1:00:00',
        penalty_time: penalty,
      }),
      line('judgement-types', { id: 'AC', penalty: false, solved: true }, 'AC'),
      line('judgement-types', { id: 'WA', penalty: true, solved: false }, 'WA'),
      line('judgement-types', { id: 'CE', penalty: false, solved: false }, 'CE'),
      line('judgement-types', { id: 'JE', penalty: false, solved: false }, 'JE'),
      line('problems', { id: 'p2', label: 'B', ordinal: 1 }, 'p2'),
      line('problems', { id: 'p1', label: 'A', ordinal: 0 }, 'p1'),
      line('teams', { id: 't1', name: 'Team One' }, 't1'),
      line('teams', { id: 't2', name: 'Team Two' }, 't2'),
      line('teams', { id: 'h', name: 'Hidden', hidden: true }, 'h'),
      line('submissions', { id: 's1', team_id: 't1', problem_id: 'p1', contest_time: '0:10:30.500' }, 's1'),
      line('judgements', { id: 'j1', submission_id: 's1', judgement_type_id: 'AC' }, 'j1'),
      // rejudge: the later judgement wins
      line('judgements', { id: 'j2', submission_id: 's1', judgement_type_id: 'WA' }, 'j2'),
      line('submissions', { id: 's2', team_id: 't1', problem_id: 'p1', contest_time: '0:20:59.999' }, 's2'),
      line('judgements', { id: 'j3', submission_id: 's2', judgement_type_id: 'AC' }, 'j3'),
      line('submissions', { id: 's3', team_id: 't2', problem_id: 'p2', contest_time: '4:00:00.000' }, 's3'),
      line('judgements', { id: 'j4', submission_id: 's3', judgement_type_id: 'AC' }, 'j4'),
      line('submissions', { id: 's4', team_id: 't2', problem_id: 'p1', contest_time: '1:00:00' }, 's4'),
      line('judgements', { id: 'j5', submission_id: 's4', judgement_type_id: 'JE' }, 'j5'),
      line('submissions', { id: 's5', team_id: 'h', problem_id: 'p1', contest_time: '0:01:00' }, 's5'),
      line('submissions', { id: 's6', team_id: 't2', problem_id: 'p1', contest_time: '0:02:00' }, 's6'),
      line('submissions', null, 's6'),
      line('submissions', { id: 's7', team_id: 't2', problem_id: 'p2', contest_time: '5:00:01' }, 's7'),
    ].join('\n');

  it('accepts penalty_time in minutes or as a time string', () => {
    expect(readEventFeed(feedText(20)).penaltyMinutes).toBe(20);
    expect(readEventFeed(feedText('0:15:00.000')).penaltyMinutes).toBe(15);
  });

  it('turns the feed into a board: labels in ordinal order, names, rejudges, JE pending, deletes, hidden teams, freeze', () => {
    const feed = readEventFeed(feedText(20));
    expect(feed.problems.map((p) => p.label)).toEqual(['A', 'B']);
    expect(feed.teams.map((t) => t.name)).toEqual(['Team One', 'Team Two']);
    expect(feed.freezeTime).toBe(4 * 60 * MIN);
    expect(feed.submissions.find((s) => s.time === 5 * 60 * MIN + SEC)?.afterContest).toBe(true);
    const live = computeScoreboard(feedToRankingInput(feed, { sealed: false }));
    const t1 = row(live, 't1');
    // rejudged WA at 10:30 → 20 minutes; AC at 20:59.999 → minute 20.
    expect([t1.ac, t1.totalTime / 60, t1.name, t1.rank]).toEqual([1, 40, 'Team One', 1]);
    expect(cell(live, 't2', 'A').tryNum).toBe(1); // judging error = pending
    expect(cell(live, 't2', 'A').errorNum).toBe(0); // deleted submission s6 is gone
    expect([row(live, 't2').ac, row(live, 't2').totalTime]).toEqual([1, 240 * 60]);
    expect(live.some((r) => r.uid === 'h')).toBe(false);
    const frozen = computeScoreboard(feedToRankingInput(feed, { sealed: true }));
    // 4:00:00.000 is at the freeze: inclusive, so pending on the frozen board.
    expect([cell(frozen, 't2', 'B').isAC, cell(frozen, 't2', 'B').isFrozen]).toEqual([false, true]);
    expect(row(frozen, 't1').rank).toBe(1);
  });
});

describe('time order', () => {
  it('sorts by time and keeps the input order of equal times, whatever the path', () => {
    expect([...timeOrder(Float64Array.from([5, 1, 5, 0, 70_000_000, 1]))]).toEqual([3, 1, 5, 0, 2, 4]);
    expect([...timeOrder(Float64Array.from([0, 1, 1, 2]))]).toEqual([0, 1, 2, 3]);
    expect([...timeOrder(Float64Array.from([2.5, 1.5, 2.5, 0.5]))]).toEqual([3, 1, 0, 2]);
  });

  it('the board does not depend on the order submissions are given in', () => {
    const runs = [sub('u', 'A', 3 * MIN, 'AC'), sub('u', 'A', 2 * MIN, 'WA'), sub('u', 'A', MIN, 'WA')];
    expect(row(board(runs), 'u').totalTime).toBe(180 + 2 * 1200);
    expect(row(board([...runs].reverse()), 'u').totalTime).toBe(180 + 2 * 1200);
  });
});
