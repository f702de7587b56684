import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JudgeStatus } from '../../shared/constants/judge-status';
import {
  LIVE,
  type LiveBoardEvent,
  type LiveCaseEvent,
  type LiveHello,
  type LiveSubmissionEvent,
  type LiveUnreadEvent,
} from '../../shared/constants/live';
import { A_PLUS_B, type TestClient, testClient } from '../helpers/api';
import { createContest } from '../helpers/contests';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { openStream, type TestStream } from '../helpers/live-stream';
import { POSTGRES_URL, startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

/** a short heartbeat, so a test sees several within a second */
const HEARTBEAT_MS = 200;
const ENV = { LIVE_HEARTBEAT_MS: String(HEARTBEAT_MS) };

const isFinal = (s: { status: number }) =>
  ![JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING].includes(s.status as 5);

async function pidOf(server: TestServer, problemId: string): Promise<number> {
  const row = await server.server.ctx.db.kysely
    .selectFrom('problem')
    .select('id')
    .where('problem_id', '=', problemId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The live push channel (docs/architecture.md, Live push): GET /api/events as browsers and the extension use it. */
describe.each(DATABASES)('live events on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let alice: TestClient & { uid: string };
  let bob: TestClient & { uid: string };
  const streams: TestStream[] = [];
  const open = async (...args: Parameters<typeof openStream>) => {
    const s = await openStream(...args);
    streams.push(s);
    return s;
  };

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, env: ENV });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    alice = await userClient(server, 'livealice');
    bob = await userClient(server, 'livebob');
  }, 120_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    await server?.destroy();
  });

  it('opens a logged-in stream and refuses a visitor without a contest and a caller not asking for a stream', async () => {
    const anonymous = await open(server.url);
    expect(anonymous.status).toBe(401);
    expect(anonymous.refusal?.status).toBe(401);

    const plain = await open(server.url, { token: alice.token, accept: 'application/json' });
    expect(plain.status).toBe(400);
    expect(plain.refusal?.msg).toMatch(/text\/event-stream/);

    const forged = await open(server.url, { token: 'not-a-token' });
    expect(forged.status).toBe(401);

    const stream = await open(server.url, { token: alice.token });
    expect(stream.status).toBe(200);
    const hello = await stream.next<LiveHello>('hello');
    expect(hello.data).toEqual({ heartbeatMs: HEARTBEAT_MS, contest: null, user: true });
    expect(hello.id).toMatch(/\.\d+$/);
    stream.close();
  });

  it('sends a heartbeat comment at the configured interval', async () => {
    const stream = await open(server.url, { token: alice.token });
    await stream.next('hello');
    // the opening comment, then heartbeats (200 ms apart here, 15 s by default)
    await stream.comment(4, 10_000);
    expect(stream.comments.filter((c) => c === 'hb').length).toBeGreaterThanOrEqual(3);
    stream.close();
  });

  it(`refuses a user's stream past ${LIVE.maxStreamsPerUser} with 429 and takes one again once a stream closes`, async () => {
    const carol = await userClient(server, 'livecarol');
    const mine: TestStream[] = [];
    for (let i = 0; i < LIVE.maxStreamsPerUser; i++) {
      const s = await open(server.url, { token: carol.token });
      expect(s.status).toBe(200);
      await s.next('hello');
      mine.push(s);
    }
    const extra = await open(server.url, { token: carol.token, language: 'zh-CN' });
    expect(extra.status).toBe(429);
    expect(extra.refusal?.msg).toContain(String(LIVE.maxStreamsPerUser));
    // another user is not affected by carol's streams
    const other = await open(server.url, { token: bob.token });
    expect(other.status).toBe(200);
    other.close();

    mine[0].close();
    let again: TestStream | null = null;
    for (let i = 0; i < 50 && !again; i++) {
      const s = await open(server.url, { token: carol.token });
      if (s.status === 200) again = s;
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(again?.status).toBe(200);
    for (const s of mine) s.close();
  });

  it('pushes the status, case progress and verdict of a judged submission to its owner only', async () => {
    const own = await open(server.url, { token: alice.token });
    const others = await open(server.url, { token: bob.token });
    await own.next('hello');
    await others.next('hello');
    const sub = await alice.api.submitProblemJudge({ pid: '1000', language: 'C++', code: A_PLUS_B['C++'] });

    const pending = await own.next<LiveSubmissionEvent>('submission', (d) => d.submitId === sub.submitId);
    expect(pending.data.status).toBe(JudgeStatus.PENDING);
    const cases = await own.next<LiveCaseEvent>('case', (d) => d.submitId === sub.submitId, 120_000);
    expect(cases.data.done).toBeGreaterThanOrEqual(1);
    const verdict = await own.next<LiveSubmissionEvent>(
      'submission',
      (d) => d.submitId === sub.submitId && isFinal(d),
      120_000,
    );
    expect(verdict.data).toMatchObject({ status: JudgeStatus.ACCEPTED, cid: 0, queuePosition: null });
    expect(verdict.data.time).not.toBeNull();
    // what the stream said is what the API says
    const detail = await alice.api.getSubmissionDetail(sub.submitId);
    expect(detail.submission.status).toBe(verdict.data.status);
    expect(detail.submission.time).toBe(verdict.data.time);

    expect(others.messages.filter((m) => m.event === 'submission' || m.event === 'case')).toEqual([]);
  }, 180_000);

  it('resumes after Last-Event-ID with what was missed, and resets a resume it cannot serve', async () => {
    // a user of its own: the submit interval keeps alice waiting after the test before
    const dave = await userClient(server, 'livedave');
    const first = await open(server.url, { token: dave.token });
    const hello = await first.next('hello');
    first.close();
    await first.closed;
    const sub = await dave.api.submitProblemJudge({ pid: '1000', language: 'C++', code: A_PLUS_B['C++'] });
    // the verdict lands while no stream of alice's is open
    await new Promise<void>((resolve, reject) => {
      const deadline = Date.now() + 120_000;
      const poll = async () => {
        const row = (await dave.api.checkSubmissionsStatus([sub.submitId]))[String(sub.submitId)];
        if (row && isFinal(row)) resolve();
        else if (Date.now() > deadline) reject(new Error('not judged'));
        else setTimeout(poll, 200);
      };
      void poll();
    });
    const resumed = await open(server.url, { token: dave.token, lastEventId: hello.id ?? '' });
    const replayed = await resumed.next<LiveSubmissionEvent>(
      'submission',
      (d) => d.submitId === sub.submitId && isFinal(d),
      10_000,
    );
    expect(replayed.data.status).toBe(JudgeStatus.ACCEPTED);
    await resumed.next('hello');
    // replayed events come before the hello, in order: pending first, the verdict last
    const events = resumed.messages.map((m) => m.event);
    expect(events.indexOf('submission')).toBeLessThan(events.indexOf('hello'));
    expect(resumed.messages.some((m) => m.event === 'reset')).toBe(false);

    const stale = await open(server.url, { token: dave.token, lastEventId: 'elsewhere.12' });
    await stale.next('reset', undefined, 5000);
    await stale.next('hello');
    const bogus = await open(server.url, { token: dave.token, lastEventId: `${hello.id}99999` });
    await bogus.next('reset', undefined, 5000);
    for (const s of [resumed, stale, bogus]) s.close();
  }, 180_000);

  it('tells a public board watcher that the board changed, and nothing about whose submission', async () => {
    const cid = await createContest(root, [await pidOf(server, '1000')], {
      title: `Live board ${name}`,
      from: -60_000,
      length: 3_600_000,
      overrides: { openRank: true },
    });
    const closedCid = await createContest(root, [await pidOf(server, '1000')], {
      title: `Closed board ${name}`,
      from: -60_000,
      length: 3_600_000,
      overrides: { openRank: false },
    });
    const refused = await open(server.url, { contest: closedCid });
    expect([401, 403]).toContain(refused.status);
    const missing = await open(server.url, { contest: 987_654 });
    expect(missing.status).toBe(404);

    const watcher = await open(server.url, { contest: cid });
    expect(watcher.status).toBe(200);
    expect((await watcher.next<LiveHello>('hello')).data).toEqual({
      heartbeatMs: HEARTBEAT_MS,
      contest: cid,
      user: false,
    });
    const before = Date.now();
    const sub = await alice.api.submitProblemJudge({
      cid,
      pid: 'A',
      language: 'C++',
      code: A_PLUS_B['C++'],
    });
    const changed = await watcher.next<LiveBoardEvent>('board', (d) => d.cid === cid, 30_000);
    expect(changed.data.version).toBeGreaterThanOrEqual(before - 1000);
    // the verdict changes the board once more
    const count = watcher.messages.length;
    await watcher.next<LiveBoardEvent>('board', (d) => d.version > changed.data.version, 120_000, count);
    const board = await testClient(server.url).api.getContestOutsideScoreboard({ cid });
    expect(board.records.map((r) => r.username)).toContain('livealice');
    expect(watcher.messages.filter((m) => m.event === 'submission')).toEqual([]);
    expect(sub.submitId).toBeGreaterThan(0);
  }, 180_000);

  it('pushes unread message counts when a notice arrives and when it is read', async () => {
    const stream = await open(server.url, { token: bob.token });
    await stream.next('hello');
    await root.api.adminAddNotice({
      title: 'Live notice',
      content: 'Hello',
      type: 'Single',
      recipient: 'livebob',
    });
    const unread = await stream.next<LiveUnreadEvent>('unread', (d) => d.sys === 1, 10_000);
    expect(unread.data).toMatchObject({ sys: 1, mine: 0 });
    const count = stream.messages.length;
    await bob.api.getNoticeMessages('sys', { currentPage: 1, limit: 10 });
    await stream.next<LiveUnreadEvent>('unread', (d) => d.sys === 0, 10_000, count);
    stream.close();
  });
});

/** Two replicas on one PostgreSQL schema: an event raised on one reaches a stream held by the other. */
describe('live events across replicas', () => {
  let a: TestServer;
  let b: TestServer;
  const streams: TestStream[] = [];

  beforeAll(async () => {
    await assertPostgresReachable();
    const env = { ...ENV, JWT_SECRET: 'live-replicas-share-this-secret-0123456789abcdef' };
    a = await startTestServer({ databaseUrl: POSTGRES_URL, judgeWorkers: 1, env });
    b = await startTestServer({
      databaseUrl: POSTGRES_URL,
      judgeWorkers: 0,
      env,
      dataDir: a.dataDir,
      databaseSchema: a.databaseSchema ?? undefined,
      demo: false,
    });
  }, 120_000);

  afterAll(async () => {
    for (const s of streams) s.close();
    await b?.close();
    await a?.destroy();
  });

  it('delivers a verdict judged on one replica, a board change and unread counts to streams on the other', async () => {
    const onA = await userClient(a, 'livereplica');
    const rootA = testClient(a.url);
    await rootA.login('root', a.rootPassword);
    const cid = await createContest(rootA, [await pidOf(a, '1000')], {
      title: 'Live replicas',
      from: -60_000,
      length: 3_600_000,
      overrides: { openRank: true },
    });

    const own = await openStream(b.url, { token: onA.token });
    const watcher = await openStream(b.url, { contest: cid });
    streams.push(own, watcher);
    await own.next('hello');
    await watcher.next('hello');

    const sub = await onA.api.submitProblemJudge({ cid, pid: 'A', language: 'C++', code: A_PLUS_B['C++'] });
    const verdict = await own.next<LiveSubmissionEvent>(
      'submission',
      (d) => d.submitId === sub.submitId && isFinal(d),
      120_000,
    );
    expect(verdict.data).toMatchObject({ status: JudgeStatus.ACCEPTED, cid });
    await watcher.next<LiveBoardEvent>('board', (d) => d.cid === cid, 30_000);

    await rootA.api.adminAddNotice({
      title: 'Across',
      content: 'Hi',
      type: 'Single',
      recipient: 'livereplica',
    });
    await own.next<LiveUnreadEvent>('unread', (d) => d.sys === 1, 10_000);
  }, 180_000);
});
