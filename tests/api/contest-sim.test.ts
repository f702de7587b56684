import { describe, expect, it } from 'vitest';
import { errorsOf } from '../../scripts/bench/contest-sim-report';
import { READS } from '../../scripts/bench/contest-sim-stats';
import { runStep, type StepOptions } from '../../scripts/bench/contest-sim-step';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';

/**
 * The contest simulator at CI size (docs/reliability.md, A contest of 1,000; the full size is
 * `npm run bench:contest`): 40 contestants log in, read the contest's pages at the web app's
 * intervals and submit on a compressed schedule, against the real server in its own process and a
 * stand-in judge over the remote-judge protocol. What a contestant would notice is asserted, never a
 * time: no call fails, none is refused, every page of the contest is read, and every submission is
 * judged but those still in flight when the run stops (one per contestant at most).
 */
const OPTIONS: StepOptions = {
  contestants: 40,
  problems: 4,
  contestMinutes: 300,
  runSeconds: 20,
  gapMinutes: 30,
  identity: false,
  arriveRate: 20,
  connections: 64,
  judgeWorkers: 4,
  submitBurst: 5,
  submitRefillSeconds: 1,
  profileDir: null,
  serverLog: null,
  pgWaits: true,
};

describe('a small simulated contest', () => {
  for (const { name, databaseUrl } of DATABASES) {
    it(`on ${name}: every call answered, every page read, every submission judged`, {
      timeout: 180_000,
    }, async () => {
      if (databaseUrl) await assertPostgresReachable();
      // the simulator's server reads the database from its environment, as `npm run bench:contest` does
      const before = process.env.DATABASE_URL;
      if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
      else delete process.env.DATABASE_URL;
      try {
        const result = await runStep(OPTIONS);
        expect(errorsOf(result)).toBe(0);
        for (const call of READS) {
          const contest = result.recorder.figures(call, 'contest');
          const arrival = result.recorder.figures(call, 'arrival');
          expect({ call, refused: contest.refused + arrival.refused }).toEqual({ call, refused: 0 });
        }
        // each page of the contest was read, on arrival or during the contest (the board and the badge
        // every 30 s, so perhaps only on arrival in a run this short)
        const read = (call: (typeof READS)[number]) =>
          result.recorder.figures(call, 'arrival').count + result.recorder.figures(call, 'contest').count;
        for (const call of READS) expect({ call, read: read(call) > 0 }).toEqual({ call, read: true });
        expect(result.recorder.figures('submission poll', 'contest').count).toBeGreaterThan(0);
        expect(result.recorder.figures('submit', 'contest').refused).toBe(0);
        expect(result.submissions).toBeGreaterThan(OPTIONS.contestants);
        expect(result.judge.refusedReports).toBe(0);
        expect(result.judge.judged).toBeLessThanOrEqual(result.submissions);
        expect(result.judge.judged).toBeGreaterThanOrEqual(result.submissions - OPTIONS.contestants);
        // the diagnosis of PostgreSQL's connections saw the server's pools (SQLite has none to sample)
        const states = result.pgWaits?.rows.filter(([k]) => k.startsWith('state ')) ?? [];
        expect(states.length > 0).toBe(Boolean(databaseUrl));
      } finally {
        if (before === undefined) delete process.env.DATABASE_URL;
        else process.env.DATABASE_URL = before;
      }
    });
  }
});
