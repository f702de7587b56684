import { createHash } from 'node:crypto';
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { type RemoteJudge, startRemoteJudge } from '../../judge/remote/daemon';
import type { WorkItem } from '../../judge/worker-protocol';
import type { JudgeWorkerPool } from '../../server/services/judge-queue/worker-pool';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { A_PLUS_B, testClient, waitForVerdict } from '../helpers/api';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { storeViolations } from '../helpers/faults-checks';
import { crashRun } from '../helpers/faults-crash';
import {
  fillUp,
  lockStore,
  mountTmpfs,
  outcome,
  patiently,
  png,
  testdataZip,
  unmount,
} from '../helpers/faults-disk';
import { judgeWire } from '../helpers/faults-wire';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';
import { caseRows, judgeRow, startWorkers } from './judge-helpers';

/**
 * "A submission acknowledged is judged exactly once; nothing is lost, nothing doubled", under real
 * faults: processes killed, a server restarted, database connections cut, DATA_DIR full or
 * read-only, test data changed on disk, a judge that reports garbage. No mock: the server and the
 * judges are the real ones, and every check reads what they left in the database and on disk.
 *
 * FAULTS_FULL=1 runs the first scenario with 2,000 submissions (docs/reliability.md, Faults).
 * The scenarios run side by side: most of their time is spent waiting on judges and leases.
 */
const FULL = process.env.FAULTS_FULL === '1';
const SUBMISSIONS = FULL ? 2000 : 120;
const TOKEN = 'faults-test-remote-token-83d2a61c';

/** The messages of locales/en-US.json (server.storageFull, server.storageReadOnly) the client shows. */
const STORAGE_FULL = 'The server is out of disk space, so nothing was saved. Please try again later.';
/** server.databaseConnectionLost of locales/en-US.json */
const CONNECTION_LOST =
  'The server lost its connection to the database while doing this, so it may not have been saved. Please check, then try again.';
const STORAGE_READ_ONLY =
  'The server cannot write to its storage, so nothing was saved. Please try again later.';

describe.concurrent('faults', () => {
  for (const { name, databaseUrl } of DATABASES) {
    it(`judges killed 5 times and the server restarted${databaseUrl ? ', its database connections cut' : ''}, on ${name}: every acknowledged submission judged once`, {
      timeout: FULL ? 60 * 60_000 : 300_000,
    }, async ({ expect }) => {
      if (databaseUrl) await assertPostgresReachable();
      const report = await crashRun({
        name,
        databaseUrl,
        submissions: SUBMISSIONS,
        deadlineMs: FULL ? 50 * 60_000 : 240_000,
      });
      const { figures, violations } = report.submissions;
      console.log(
        `faults on ${name}: ${JSON.stringify({
          planned: report.planned,
          tries: report.tries,
          elapsedMs: report.elapsedMs,
          judgeKills: report.judgeKills,
          serverRestarts: report.serverRestarts,
          connectionsTerminated: report.connectionsTerminated,
          tally: report.tally,
          figures,
          // what the server logged at error level: its message and the error's, without the stack
          serverErrorLines: report.serverErrorLines.map((l) => {
            const { msg, err } = JSON.parse(l) as { msg?: string; err?: { message?: string } };
            return `${msg}: ${err?.message ?? ''}`;
          }),
          finalExit: report.finalExit,
        })}`,
      );
      expect(report.unexpectedExits).toEqual([]);
      expect(violations).toEqual([]);
      expect(report.board).toEqual([]);
      expect(figures.acknowledged).toBe(SUBMISSIONS);
      // No 5xx, with one exception on PostgreSQL: a write in flight on a connection the database
      // ended may have committed or not, so it is not repeated (a submission must not be stored
      // twice) and its caller is told so with a 503 (server/db/pg-reconnect.ts). At most one
      // statement is in flight per connection; whatever such a try stored is checked above.
      const lost = report.tally.serverErrors.filter((e) => e.status === 503 && e.msg === CONNECTION_LOST);
      expect(report.tally.serverErrors).toEqual(databaseUrl ? lost : []);
      expect(lost.length).toBeLessThanOrEqual(report.connectionsTerminated ?? 0);
      expect(report.tally.networkWhileUp).toEqual([]);
      expect(report.tally.refused).toEqual([]);
      // a finish is counted once per submission: never more (doubled), and only a fault between
      // the verdict's write and the counter's can make it less
      expect(figures.finishesCounted).toBeLessThanOrEqual(figures.rows);
      expect(figures.finishesCounted).toBeGreaterThanOrEqual(figures.rows - 2);
      expect(report.judgeKills).toHaveLength(5);
      expect(report.serverRestarts).toHaveLength(1);
      if (databaseUrl) expect(report.connectionsTerminated).toBeGreaterThan(0);
      expect(report.finalExit).toBe(0);
    });
  }

  for (const { name, databaseUrl } of DATABASES) {
    it(`DATA_DIR full, then its file store read-only, on ${name}: writes refused with their message, nothing half-written, service back with the space`, {
      timeout: 180_000,
    }, async ({ expect, skip }) => {
      if (databaseUrl) await assertPostgresReachable();
      const dir = mkdtempSync(join(tmpdir(), 'verdict-faults-disk-'));
      const cannot = mountTmpfs(dir, 48);
      if (cannot) {
        console.log(`DATA_DIR full: skipped, ${cannot}`);
        rmdirSync(dir);
        skip();
        return;
      }
      let server: TestServer | null = null;
      let filler: string | null = null;
      try {
        server = await startTestServer({ databaseUrl, dataDir: dir, judgeWorkers: 1 });
        const { db } = server.server.ctx;
        const root = testClient(server.url);
        await root.login('root', server.rootPassword);
        const user = await userClient(server, 'diskuser');
        const avatarOf = async () =>
          (
            await db.kysely
              .selectFrom('user_info')
              .select('avatar')
              .where('uuid', '=', user.uid)
              .executeTakeFirstOrThrow()
          ).avatar;
        const problemDto = (problemId: string, extra: object) => ({
          problem: {
            problemId,
            title: 'Disk sum',
            timeLimit: 3000,
            memoryLimit: 256,
            description: 'Add.',
            examples: '<input>1 2</input><output>3</output>',
            auth: 1,
          },
          languages: [{ name: 'C' }],
          ...extra,
        });
        const problemExists = async (problemId: string) =>
          !!(await db.kysely
            .selectFrom('problem')
            .select('id')
            .where('problem_id', '=', problemId)
            .executeTakeFirst());

        // ---- full: not one free byte
        filler = fillUp(dir);
        const submitted = await outcome(
          user.api.submitProblemJudge({ pid: '1000', language: 'C', code: A_PLUS_B.C ?? '' }),
        );
        const avatar = await outcome(user.api.uploadAvatar(png(10), 'a.png'));
        const upload = await outcome(root.api.adminUploadTestcaseZip(testdataZip(101, 202)));
        const typed = await outcome(
          root.api.adminCreateProblem(
            problemDto('FDISK1', { samples: [{ input: '5 6\n', output: '11\n' }] }),
          ),
        );
        console.log(`DATA_DIR full on ${name}: ${JSON.stringify({ submitted, avatar, upload, typed })}`);
        const refusedFull = { status: 507, msg: STORAGE_FULL };
        // On PostgreSQL a submit writes nothing in DATA_DIR and must be taken. SQLite's database is
        // here: refused with the message, unless the write-ahead log still had room it reuses
        // after a checkpoint; then it was taken, and is judged below like any other.
        if (databaseUrl) expect(submitted).toHaveProperty('ok');
        else if (!('ok' in submitted)) expect(submitted).toEqual(refusedFull);
        expect(avatar).toEqual(refusedFull);
        expect(upload).toEqual(refusedFull);
        expect(typed).toEqual(refusedFull);
        expect(await avatarOf()).toBeNull();
        expect(await problemExists('FDISK1')).toBe(false);
        expect((await storeViolations(db, dir)).violations).toEqual([]);

        // ---- space back: everything works, and a submission made while full is judged
        unlinkSync(filler);
        filler = null;
        const first =
          'ok' in submitted
            ? submitted.ok
            : await user.api.submitProblemJudge({ pid: '1000', language: 'C', code: A_PLUS_B.C ?? '' });
        expect((await waitForVerdict(user, first.submitId)).status).toBe(JudgeStatus.ACCEPTED);
        const shown = (await patiently(() => user.api.uploadAvatar(png(20), 'a.png'))).data;
        expect(shown.avatar).toMatch(/^\/api\/public\/img\/[0-9a-f]{64}\.png$/);
        expect((await fetch(`${server.url}${shown.avatar}`)).status).toBe(200);
        const staged = await root.api.adminUploadTestcaseZip(testdataZip(101, 202));
        const saved = await root.api.adminCreateProblem(
          problemDto('FDISK2', {
            isUploadTestCase: true,
            uploadTestcaseDir: staged.fileListDir,
            samples: [{ input: '1.in', output: '1.out', score: 100 }],
          }),
        );
        const onNew = await root.api.submitProblemJudge({
          pid: saved.problemId,
          language: 'C',
          code: A_PLUS_B.C ?? '',
        });
        expect((await waitForVerdict(root, onNew.submitId)).status).toBe(JudgeStatus.ACCEPTED);
        expect((await storeViolations(db, dir)).violations).toEqual([]);

        // ---- the file store read-only: uploads refused, submitting and judging go on
        lockStore(dir, true);
        let readOnly: unknown[] = [];
        try {
          const avatar2 = await outcome(patiently(() => user.api.uploadAvatar(png(30), 'b.png')));
          const upload2 = await outcome(root.api.adminUploadTestcaseZip(testdataZip(303, 404)));
          const typed2 = await outcome(
            root.api.adminCreateProblem(
              problemDto('FDISK3', { samples: [{ input: '7 8\n', output: '15\n' }] }),
            ),
          );
          readOnly = [avatar2, upload2, typed2];
          const during = await root.api.submitProblemJudge({
            pid: '1000',
            language: 'C',
            code: A_PLUS_B.C ?? '',
          });
          expect((await waitForVerdict(root, during.submitId)).status).toBe(JudgeStatus.ACCEPTED);
        } finally {
          lockStore(dir, false);
        }
        console.log(`file store read-only on ${name}: ${JSON.stringify(readOnly)}`);
        const refusedReadOnly = { status: 507, msg: STORAGE_READ_ONLY };
        expect(readOnly).toEqual([refusedReadOnly, refusedReadOnly, refusedReadOnly]);
        expect(await avatarOf()).toBe(shown.avatar);
        expect(await problemExists('FDISK3')).toBe(false);
        expect((await storeViolations(db, dir)).violations).toEqual([]);
        // writable again
        expect((await patiently(() => user.api.uploadAvatar(png(40), 'c.png'))).data.avatar).not.toBe(
          shown.avatar,
        );
        expect((await root.api.adminUploadTestcaseZip(testdataZip(303, 404))).fileList).toHaveLength(1);
        expect((await storeViolations(db, dir)).violations).toEqual([]);
      } finally {
        if (filler) unlinkSync(filler);
        await server?.destroy();
        unmount(dir);
        rmdirSync(dir);
      }
    });
  }

  it('a changed byte in stored test data: the next judgement is System Error naming the case, in-process and on a remote judge', {
    timeout: 180_000,
  }, async ({ expect }) => {
    const server = await startTestServer({ judgeWorkers: 0, env: { JUDGE_TOKEN: TOKEN } });
    const cacheDir = mkdtempSync(join(tmpdir(), 'verdict-faults-cache-'));
    let pool: JudgeWorkerPool | null = null;
    let remote: RemoteJudge | null = null;
    try {
      const { db } = server.server.ctx;
      const root = testClient(server.url);
      await root.login('root', server.rootPassword);
      // numbers no other problem has: the changed file is this problem's alone
      const saved = await root.api.adminCreateProblem({
        problem: {
          problemId: 'FBYTE',
          title: 'A+B, three cases',
          timeLimit: 3000,
          memoryLimit: 256,
          description: 'Add.',
          examples: '<input>1 2</input><output>3</output>',
          auth: 1,
        },
        languages: [{ name: 'C' }, { name: 'Python3' }],
        samples: [
          { input: '1111 2222\n', output: '3333\n' },
          { input: '4444 5555\n', output: '9999\n' },
          { input: '7777 1111\n', output: '8888\n' },
        ],
      });
      const cases = await db.kysely
        .selectFrom('problem_case')
        .select(['seq', 'input_hash'])
        .where('pid', '=', saved.pid)
        .orderBy('seq')
        .execute();
      expect(cases.map((c) => c.seq)).toEqual([1, 2, 3]);
      const hash = cases[1]?.input_hash ?? '';
      const stored = join(server.dataDir, 'files', hash.slice(0, 2), hash);
      const original = readFileSync(stored);
      // one digit changed in place: "4444 5555" becomes "5444 5555", a valid input with another sum
      const changed = Buffer.from(original);
      changed[0] = (changed[0] ?? 0) + 1;
      writeFileSync(stored, changed);

      const judgeOnce = async (code: string, language: string) => {
        const sub = await root.api.submitProblemJudge({ pid: 'FBYTE', language, code });
        const final = await waitForVerdict(root, sub.submitId, 120_000);
        const detail = await root.api.getSubmissionDetail(sub.submitId);
        return { status: final.status, judger: final.judger, message: detail.submission.errorMessage ?? '' };
      };

      // in-process: the worker reads DATA_DIR in place
      pool = await startWorkers(server, 'faults-local');
      const local = await judgeOnce(A_PLUS_B.C ?? '', 'C');
      await pool.stop();
      pool = null;
      // a remote judge downloads it (its cache holds nothing yet)
      remote = await startRemoteJudge({
        server: server.url,
        token: TOKEN,
        cacheDir,
        workers: 1,
        name: 'faults-remote',
        claimWaitMs: 2000,
      });
      const far = await judgeOnce(A_PLUS_B.Python3 ?? '', 'Python3');
      console.log(`changed test data: ${JSON.stringify({ local, far })}`);
      for (const [judger, got] of [
        ['faults-local', local],
        ['faults-remote', far],
      ] as const) {
        expect(got).toMatchObject({ status: JudgeStatus.SYSTEM_ERROR, judger });
        expect(got.message).toMatch(/test case 2\b/);
        expect(got.message).toContain(hash);
      }
      // the remote cache kept no copy of the changed bytes: every file in it is named by its content
      for (const f of readdirSync(cacheDir, { recursive: true, withFileTypes: true }).filter((d) =>
        d.isFile(),
      ))
        expect(
          createHash('sha256')
            .update(readFileSync(join(f.parentPath, f.name)))
            .digest('hex'),
        ).toBe(f.name);

      // the byte put back: both judge it again, Accepted
      writeFileSync(stored, original);
      expect((await judgeOnce(A_PLUS_B.C ?? '', 'C')).status).toBe(JudgeStatus.ACCEPTED);
      // the remote judge's own copy changed: it notices, fetches it again and judges right
      const cached = join(cacheDir, hash.slice(0, 2), hash);
      writeFileSync(cached, changed);
      expect(await judgeOnce(A_PLUS_B.C ?? '', 'C')).toMatchObject({
        status: JudgeStatus.ACCEPTED,
        judger: 'faults-remote',
      });
      expect(readFileSync(cached)).toEqual(original);
      await remote.stop();
      remote = null;
      pool = await startWorkers(server, 'faults-local');
      expect(await judgeOnce(A_PLUS_B.Python3 ?? '', 'Python3')).toMatchObject({
        status: JudgeStatus.ACCEPTED,
        judger: 'faults-local',
      });
    } finally {
      await pool?.stop();
      await remote?.stop();
      await server.destroy();
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it('a judge reporting garbage: each report refused with a 4xx, no error logged, the work judged right by a real judge after', {
    timeout: 180_000,
  }, async ({ expect }) => {
    const logged: string[] = [];
    const server = await startTestServer({
      judgeWorkers: 0,
      env: { JUDGE_TOKEN: TOKEN },
      logger: { level: 'warn', stream: { write: (line: string) => logged.push(line) } },
    });
    const cacheDir = mkdtempSync(join(tmpdir(), 'verdict-faults-cache-'));
    let real: RemoteJudge | null = null;
    try {
      const { db } = server.server.ctx;
      const root = testClient(server.url);
      await root.login('root', server.rootPassword);
      const x = await root.api.submitProblemJudge({ pid: '1000', language: 'C', code: A_PLUS_B.C ?? '' });
      const y = await root.api.submitProblemJudge({
        pid: '1000',
        language: 'Python3',
        code: A_PLUS_B.Python3 ?? '',
      });
      const send = judgeWire(server.url, TOKEN);
      const judger = 'garbage-judge';
      expect((await send('hello', { judger })).status).toBe(200);
      const claim = await send('claim', { worker: 'w1', judger, waitMs: 5000 });
      const item = claim.data as WorkItem | null;
      if (item?.kind !== 'submission') throw new Error(`expected a submission, got ${JSON.stringify(claim)}`);
      expect(item.submitId).toBe(x.submitId);
      const ref = { kind: 'submission', submitId: item.submitId, attempt: item.attempt };
      expect(
        await send('progress', { ref, judger, progress: { status: JudgeStatus.COMPILING } }),
      ).toMatchObject({
        status: 200,
        data: { accepted: true },
      });
      const cases = item.task.cases;
      const caseOf = (c: (typeof cases)[number], over: object = {}) => ({
        seq: c.seq,
        caseId: c.caseId,
        status: JudgeStatus.ACCEPTED,
        time: 1,
        memory: 1024,
        score: c.score,
        userOutput: null,
        groupNum: c.groupNum,
        ...over,
      });
      const result = (over: object = {}) => ({
        status: JudgeStatus.ACCEPTED,
        time: 1,
        memory: 1024,
        score: null,
        oiRankScore: null,
        errorMessage: null,
        cases: cases.map((c) => caseOf(c)),
        ...over,
      });
      const [first] = cases;
      if (!first || cases.length < 3) throw new Error('A+B has fewer cases than expected');
      const otherCase = await db.kysely
        .selectFrom('problem_case')
        .select('id')
        .where('pid', '!=', (await judgeRow(server, x.submitId)).pid)
        .limit(1)
        .executeTakeFirstOrThrow();
      const finish = (over: object, r: object = ref) => ({ ref: r, judger, result: result(over) });
      const garbage: [string, string, unknown][] = [
        [
          'wrong types',
          'finish',
          { ref, judger, result: { status: 'AC', time: 'fast', memory: -1, errorMessage: 7, cases: 'all' } },
        ],
        ['broken JSON', 'finish', '{"ref": {"kind": "submission", '],
        [
          'a verdict for a submission it did not claim',
          'finish',
          finish({}, { ...ref, submitId: y.submitId }),
        ],
        ['the same, as attempt 0', 'finish', finish({}, { ...ref, submitId: y.submitId, attempt: 0 })],
        ['an attempt never handed out', 'finish', finish({}, { ...ref, attempt: item.attempt + 1 })],
        ['a submission that does not exist', 'finish', finish({}, { ...ref, submitId: 987_654 })],
        ['another judge reporting this claim', 'finish', { ...finish({}), judger: 'someone-else' }],
        ['missing cases', 'finish', finish({ cases: cases.slice(0, 2).map((c) => caseOf(c)) })],
        ['no case at all', 'finish', finish({ cases: [] })],
        ['a case twice', 'finish', finish({ cases: [...cases.map((c) => caseOf(c)), caseOf(first)] })],
        [
          'a case the problem does not have',
          'finish',
          finish({ cases: [...cases.slice(1).map((c) => caseOf(c)), caseOf(first, { seq: 99 })] }),
        ],
        [
          'a case of another problem',
          'finish',
          finish({
            cases: [...cases.slice(1).map((c) => caseOf(c)), caseOf(first, { caseId: otherCase.id })],
          }),
        ],
        [
          'accepted with a wrong case',
          'finish',
          finish({
            cases: cases.map((c, i) => caseOf(c, i === 0 ? { status: JudgeStatus.WRONG_ANSWER } : {})),
          }),
        ],
        ['a verdict that does not exist', 'finish', finish({ status: 42 })],
        ['an unfinished status as the verdict', 'finish', finish({ status: JudgeStatus.JUDGING })],
        [
          'a test run result for a submission',
          'finish',
          { ref, judger, result: { status: 0, time: 1, memory: 1, userOutput: '3', stderr: '' } },
        ],
        [
          'an error message past its limit',
          'finish',
          finish({ status: JudgeStatus.SYSTEM_ERROR, cases: [], errorMessage: 'x'.repeat(5 * 1024 * 1024) }),
        ],
        [
          'a body past the limit (17 MB)',
          'finish',
          finish({ status: JudgeStatus.SYSTEM_ERROR, cases: [], errorMessage: 'x'.repeat(17 * 1024 * 1024) }),
        ],
        [
          'progress: a case the problem does not have',
          'progress',
          { ref, judger, progress: { case: caseOf(first, { seq: 99 }) } },
        ],
        ['progress: wrong types', 'progress', { ref, judger, progress: { case: { seq: 'one' } } }],
        [
          'progress for a submission it did not claim',
          'progress',
          { ref: { ...ref, submitId: y.submitId, attempt: 1 }, judger, progress: { case: caseOf(first) } },
        ],
      ];
      const answers: string[] = [];
      for (const [what, path, body] of garbage) {
        const answer = await send(path, body);
        answers.push(`${what}: ${answer.status} ${answer.msg}`);
      }
      console.log(`garbage judge:\n${answers.join('\n')}`);
      for (const a of answers) expect(a).toMatch(/: 4\d\d /);
      // nothing it sent was stored: x still claimed by it, unjudged and without cases; y untouched
      expect(await judgeRow(server, x.submitId)).toMatchObject({
        status: JudgeStatus.COMPILING,
        attempt: item.attempt,
      });
      expect(await caseRows(server, x.submitId)).toEqual([]);
      expect(await judgeRow(server, y.submitId)).toMatchObject({ status: JudgeStatus.PENDING, attempt: 0 });
      expect(logged.filter((l) => (JSON.parse(l) as { level: number }).level >= 50)).toEqual([]);

      // it stops renewing: its claim runs out, and a real judge takes both
      real = await startRemoteJudge({
        server: server.url,
        token: TOKEN,
        cacheDir,
        workers: 1,
        name: 'faults-real',
        claimWaitMs: 2000,
      });
      for (const id of [x.submitId, y.submitId]) {
        expect(await waitForVerdict(root, id, 150_000)).toMatchObject({
          status: JudgeStatus.ACCEPTED,
          judger: 'faults-real',
        });
        const row = await judgeRow(server, id);
        expect((await caseRows(server, id)).map((c) => [c.seq, c.attempt])).toEqual(
          cases.map((c) => [c.seq, row.attempt]),
        );
      }
      expect((await judgeRow(server, x.submitId)).attempt).toBe(item.attempt + 1);
      expect(logged.filter((l) => (JSON.parse(l) as { level: number }).level >= 50)).toEqual([]);
    } finally {
      await real?.stop();
      await server.destroy();
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
