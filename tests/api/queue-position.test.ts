import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RemoteJudge, startRemoteJudge } from '../../judge/remote/daemon';
import type { SubmissionListItem } from '../../shared/api/types';
import { JudgeStatus } from '../../shared/constants/judge-status';
import type { LiveQueueEvent, LiveSubmissionEvent } from '../../shared/constants/live';
import { A_PLUS_B, type TestClient, testClient, waitForVerdict } from '../helpers/api';
import { createContest } from '../helpers/contests';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { openStream, type TestStream } from '../helpers/live-stream';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

const TOKEN = 'queue-position-test-judge-token';

/**
 * "Where is my submission?" (docs/architecture.md): a waiting submission's place in the queue and its
 * estimated wait, in the list, the detail and the status check, and pushed on the live stream as the
 * queue moves.
 */
describe.each(DATABASES)('queue places on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let judge: RemoteJudge | null = null;
  const cacheDir = mkdtempSync(join(tmpdir(), 'verdict-queue-cache-'));
  const streams: TestStream[] = [];

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    // no judge at all at first: every submission waits
    server = await startTestServer({ databaseUrl, judgeWorkers: 0, env: { JUDGE_TOKEN: TOKEN } });
  }, 120_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    await judge?.stop();
    await server?.destroy();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('numbers the waiting submissions 1..n in claim order, then moves them up as a judge works', async () => {
    const users: (TestClient & { uid: string })[] = [];
    for (let i = 0; i < 4; i++) users.push(await userClient(server, `queue${name}${i}`));
    const ids: number[] = [];
    for (const u of users) {
      const sub = await u.api.submitProblemJudge({ pid: '1000', language: 'C++', code: A_PLUS_B['C++'] });
      ids.push(sub.submitId);
    }

    // every owner sees their own place, wherever they look
    for (const [i, u] of users.entries()) {
      const detail = await u.api.getSubmissionDetail(ids[i]);
      expect(detail.submission).toMatchObject({ status: JudgeStatus.PENDING, queuePosition: i + 1 });
      // nothing judges yet, so no wait can be guessed
      expect(detail.submission.queueEtaSeconds).toBeNull();
      const polled = (await u.api.checkSubmissionsStatus([ids[i]]))[String(ids[i])];
      expect(polled?.queuePosition).toBe(i + 1);
    }
    const list = await testClient(server.url).api.getSubmissionList({ currentPage: 1, limit: 15 });
    const placeOf = (id: number) => list.records.find((r) => r.submitId === id)?.queuePosition;
    expect(ids.map(placeOf)).toEqual([1, 2, 3, 4]);

    // a contest submission goes ahead of the new ones (the claim order)
    const root = testClient(server.url);
    await root.login('root', server.rootPassword);
    const pid = (
      await server.server.ctx.db.kysely
        .selectFrom('problem')
        .select('id')
        .where('problem_id', '=', '1000')
        .executeTakeFirstOrThrow()
    ).id;
    const cid = await createContest(root, [pid], {
      title: `Queue ${name}`,
      from: -60_000,
      length: 3_600_000,
    });
    const contestSub = await users[3].api.submitProblemJudge({
      cid,
      pid: 'A',
      language: 'C++',
      code: A_PLUS_B['C++'],
    });
    const inContest = (await users[3].api.checkContestSubmissionsStatus(cid, [contestSub.submitId]))[
      String(contestSub.submitId)
    ];
    expect(inContest?.queuePosition).toBe(1);
    expect((await users[0].api.getSubmissionDetail(ids[0])).submission.queuePosition).toBe(2);

    // the last one's owner watches the stream while a judge starts working
    const last = users[3];
    const stream = await openStream(server.url, { token: last.token });
    streams.push(stream);
    await stream.next('hello');
    judge = await startRemoteJudge({
      server: server.url,
      token: TOKEN,
      cacheDir,
      workers: 1,
      name: `queue-judge-${name}`,
      claimWaitMs: 2000,
    });

    // with a judge online the waiting ones get estimates that grow with their place
    let estimated: SubmissionListItem[] = [];
    for (let i = 0; i < 200 && estimated.length < 2; i++) {
      const rows = Object.values(await root.api.checkSubmissionsStatus(ids));
      estimated = rows
        .filter((r) => r.queuePosition !== undefined && typeof r.queueEtaSeconds === 'number')
        .sort((a, b) => (a.queuePosition ?? 0) - (b.queuePosition ?? 0));
      if (estimated.length < 2) await new Promise((r) => setTimeout(r, 50));
    }
    expect(estimated.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < estimated.length; i++)
      expect(estimated[i].queueEtaSeconds ?? 0).toBeGreaterThanOrEqual(estimated[i - 1].queueEtaSeconds ?? 0);

    for (const [i, id] of ids.entries()) expect((await waitForVerdict(users[i], id, 150_000)).status).toBe(0);
    // the stream told the last owner each new place, nearer and nearer, then the verdict
    const verdict = await stream.next<LiveSubmissionEvent>(
      'submission',
      (d) => d.submitId === ids[3] && d.status === JudgeStatus.ACCEPTED,
      30_000,
    );
    expect(verdict.data.queuePosition).toBeNull();
    const places = stream.messages
      .filter((m) => m.event === 'queue')
      .map((m) => JSON.parse(m.data) as LiveQueueEvent)
      .filter((q) => q.submitId === ids[3])
      .map((q) => q.queuePosition);
    expect(places.length).toBeGreaterThanOrEqual(1);
    for (let i = 1; i < places.length; i++) expect(places[i]).toBeLessThan(places[i - 1]);
    expect(places.every((p) => p >= 1 && p <= 4)).toBe(true);
    // a judged submission has no place any more
    const done = await last.api.getSubmissionDetail(ids[3]);
    expect(done.submission.queuePosition).toBeUndefined();
  }, 240_000);
});
