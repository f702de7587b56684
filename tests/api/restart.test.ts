import { describe, expect, it } from 'vitest';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { A_PLUS_B, testClient, waitForVerdict } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer } from '../helpers/server';

describe.each(DATABASES)('a queued submission survives a restart on $name', ({ name, databaseUrl }) => {
  it('is judged after the server comes back', async () => {
    if (name === 'postgres') await assertPostgresReachable();
    // First life: no judge workers, so the submission stays Pending when the server stops.
    const first = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    const c = testClient(first.url);
    await c.login('root', first.rootPassword);
    const sub = await c.api.submitProblemJudge({ pid: '1000', language: 'C++', code: A_PLUS_B['C++'] });
    expect((await c.api.checkSubmissionsStatus([sub.submitId]))[sub.submitId].status).toBe(
      JudgeStatus.PENDING,
    );
    const token = c.token;
    await first.close();

    const second = await startTestServer({
      databaseUrl,
      dataDir: first.dataDir,
      databaseSchema: first.databaseSchema ?? undefined,
      judgeWorkers: 1,
    });
    try {
      const again = testClient(second.url);
      again.setToken(token);
      expect((await waitForVerdict(again, sub.submitId)).status).toBe(JudgeStatus.ACCEPTED);
    } finally {
      await second.destroy();
      await first.destroy();
    }
  });

  it('takes back a submission whose worker died (lease expired)', async () => {
    if (name === 'postgres') await assertPostgresReachable();
    const server = await startTestServer({ databaseUrl, judgeWorkers: 0 });
    try {
      const c = testClient(server.url);
      await c.login('root', server.rootPassword);
      const sub = await c.api.submitProblemJudge({ pid: '1000', language: 'C', code: A_PLUS_B.C });
      // A worker claimed it, started compiling and vanished: its lease ran out long ago.
      await server.server.ctx.db.kysely
        .updateTable('judge')
        .set({
          status: JudgeStatus.COMPILING,
          attempt: 1,
          lease_owner: 'dead-worker',
          lease_expires_at: '2000-01-01T00:00:00.000Z',
        })
        .where('submit_id', '=', sub.submitId)
        .execute();
      const claim = await server.server.ctx.queue.claim('test-worker');
      expect(claim).toMatchObject({ submitId: sub.submitId, attempt: 2 });
      // The dead worker's late result is ignored: it no longer holds the current attempt.
      const stale = await server.server.ctx.queue.finish(
        { kind: 'submission', submitId: sub.submitId, attempt: 1 },
        {
          status: JudgeStatus.WRONG_ANSWER,
          time: 1,
          memory: 1,
          score: null,
          oiRankScore: null,
          errorMessage: null,
          cases: [],
        },
        'dead-worker',
      );
      expect(stale).toBe(false);
      expect((await c.api.checkSubmissionsStatus([sub.submitId]))[sub.submitId].status).toBe(
        JudgeStatus.PENDING,
      );
    } finally {
      await server.destroy();
    }
  });
});
