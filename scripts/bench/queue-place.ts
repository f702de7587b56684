/**
 * How good the waiting submission's estimate is (docs/benchmarks.md, Where is my submission?):
 *
 *   npx tsx scripts/bench/queue-place.ts [submissions=30] [workers=2]
 *
 * A real server with in-process judges (SQLite). A few submissions are judged first, one at a time,
 * so the duration model has seen some (as on a site that has been running). Then each of
 * `submissions` users submits once, in quick succession, a Python A+B that sleeps 0, 0.1 or 0.3 s a
 * case: a queue of mixed lengths. Right after each submit, the submission's detail gives its place
 * and estimated wait as its owner first sees them; the server's "judged" event gives the actual wait.
 * It prints both per place and the error over all of them.
 */
import { JudgeStatus } from '../../shared/constants/judge-status';
import { type TestClient, waitForVerdict } from '../../tests/helpers/api';
import { startTestServer } from '../../tests/helpers/server';
import { userClient } from '../../tests/helpers/users';
import { median, percentile, printReport } from './stats';

const N = Number(process.argv[2] ?? 30);
const WORKERS = Number(process.argv[3] ?? 2);
const WARM_UP = 4;
const SLEEPS = [0, 0.1, 0.3];

const sum = (sleep: number) =>
  `import time\ntime.sleep(${sleep})\na, b = map(int, input().split())\nprint(a + b)\n`;

const server = await startTestServer({ judgeWorkers: WORKERS });
const judgedAt = new Map<number, number>();
server.server.ctx.queue.events.on('judged', (e) => judgedAt.set(e.submitId, Date.now()));

interface Seen {
  owner: TestClient;
  submitId: number;
  place: number;
  etaSeconds: number;
  submittedAt: number;
}

try {
  for (let i = 0; i < WARM_UP; i++) {
    // one user each: a user may submit only every few seconds
    const warm = await userClient(server, `queuebenchwarm${i}`);
    const sub = await warm.api.submitProblemJudge({
      pid: '1000',
      language: 'Python3',
      code: sum(SLEEPS[i % SLEEPS.length] ?? 0),
    });
    await waitForVerdict(warm, sub.submitId, 120_000);
  }

  const users = [];
  for (let i = 0; i < N; i++) users.push(await userClient(server, `queuebench${i}`));
  const seen: Seen[] = [];
  for (const [i, user] of users.entries()) {
    const submittedAt = Date.now();
    const sub = await user.api.submitProblemJudge({
      pid: '1000',
      language: 'Python3',
      code: sum(SLEEPS[i % SLEEPS.length] ?? 0),
    });
    const { submission } = await user.api.getSubmissionDetail(sub.submitId);
    // already taken by a judge: no place to estimate
    if (submission.queuePosition == null || submission.queueEtaSeconds == null) continue;
    seen.push({
      owner: user,
      submitId: sub.submitId,
      place: submission.queuePosition,
      etaSeconds: submission.queueEtaSeconds,
      submittedAt,
    });
  }
  for (const s of seen) {
    const result = await waitForVerdict(s.owner, s.submitId, 600_000);
    if (result.status !== JudgeStatus.ACCEPTED)
      throw new Error(`submission ${s.submitId} ended ${result.status}, not Accepted`);
  }

  const rows = seen.map((s) => {
    const actual = ((judgedAt.get(s.submitId) ?? Number.NaN) - s.submittedAt) / 1000;
    return { ...s, actual, error: s.etaSeconds - actual };
  });
  const absErrors = rows.map((r) => Math.abs(r.error));
  const ratios = rows.map((r) => r.actual / r.etaSeconds);
  const show = (r: (typeof rows)[number]) => `estimated ${r.etaSeconds} s, actual ${r.actual.toFixed(1)} s`;
  const places = [1, 2, 5, 10, 20, 30, 50].filter((p) => rows.some((r) => r.place === p));
  printReport({
    title: `Queue place and estimated wait: ${rows.length} waiting submissions, ${WORKERS} judge workers`,
    rows: [
      ...places.map((p): [string, string] => {
        const r = rows.find((x) => x.place === p);
        return [`place ${p}`, r ? show(r) : ''];
      }),
      [
        '|estimated - actual| p50 / p90',
        `${median(absErrors).toFixed(1)} / ${percentile(absErrors, 0.9).toFixed(1)} s`,
      ],
      [
        'actual / estimated p50 (min-max)',
        `${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})`,
      ],
      [
        'estimates within 30 % or 2 s',
        `${rows.filter((r) => Math.abs(r.error) <= Math.max(2, 0.3 * r.actual)).length} of ${rows.length}`,
      ],
    ],
  });
} finally {
  await server.destroy();
}
