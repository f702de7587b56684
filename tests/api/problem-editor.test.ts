import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../server/services/errors';
import { compileChecker } from '../../server/services/problems/admin/compile-checker';
import { Role } from '../../shared/constants/roles';
import type { ProblemDtoForm } from '../../shared/schemas/problem-admin';
import { makeZip, type ZipEntry } from '../fixtures/packages/zip';
import { A_PLUS_B, failure, type TestClient, testClient, waitForVerdict } from '../helpers/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

/**
 * The admin console's problem editor at HOJ's paths: a problem made from a test data zip, read
 * back as HOJ's editor reads it, judged, changed and deleted; every malformed upload refused with
 * its message and nothing kept.
 */

const A_PLUS_B_ZIP: ZipEntry[] = [
  { name: '1.in', data: '1 2\n' },
  { name: '1.out', data: '3\n' },
  { name: '2.in', data: '40 2\n' },
  { name: '2.ans', data: '42\n' },
];

function dto(problemId: string, extra: Partial<ProblemDtoForm> = {}): ProblemDtoForm {
  return {
    problem: {
      problemId,
      title: 'Sum of two',
      timeLimit: 1000,
      memoryLimit: 256,
      description: 'Add $a$ and $b$.',
      examples: '<input>1 2</input><output>3</output>',
      auth: 1,
    },
    tags: [{ name: 'maths' }],
    languages: [{ name: 'C++' }, { name: 'Python3' }],
    ...extra,
  };
}

async function uploadZip(client: TestClient, entries: ZipEntry[] | Buffer) {
  const form = new FormData();
  const zip = Buffer.isBuffer(entries) ? entries : makeZip(entries);
  form.append('file', new Blob([new Uint8Array(zip)]), 'data.zip');
  return client.api.adminUploadTestcaseZip(form);
}

describe('problem editor', () => {
  let server: TestServer;
  let root: TestClient;
  let admin: TestClient & { uid: string };
  let problemAdmin: TestClient & { uid: string };
  let user: TestClient & { uid: string };

  beforeAll(async () => {
    server = await startTestServer();
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    admin = await userClient(server, 'siteadmin', { roleId: Role.ADMIN });
    problemAdmin = await userClient(server, 'probadmin', { roleId: Role.PROBLEM_ADMIN });
    user = await userClient(server, 'plainuser');
  });
  afterAll(() => server.close());

  it('makes a problem from a zip, reads it back as HOJ’s editor does, and judges it', async () => {
    const staged = await uploadZip(root, A_PLUS_B_ZIP);
    expect(staged.fileList).toEqual([
      { input: '1.in', output: '1.out' },
      { input: '2.in', output: '2.ans' },
    ]);
    expect(staged.fileListDir).toMatch(/^upload-[0-9a-f]{32}$/);
    const saved = await root.api.adminCreateProblem(
      dto('ED1', {
        isUploadTestCase: true,
        uploadTestcaseDir: staged.fileListDir,
        samples: [
          { input: '1.in', output: '1.out', score: 40 },
          { input: '2.in', output: '2.ans', score: 60 },
        ],
      }),
    );
    expect(saved.problemId).toBe('ED1');

    const problem = await root.api.adminGetProblem(saved.pid);
    expect(problem).toMatchObject({
      problemId: 'ED1',
      title: 'Sum of two',
      isUploadCase: true,
      ioScore: 100,
    });
    const cases = await root.api.adminGetProblemCases(saved.pid);
    expect(cases.map((c) => [c.input, c.output, c.score, c.inputSize, c.inputPreview])).toEqual([
      ['1.in', '1.out', 40, 4, '1 2\n'],
      ['2.in', '2.ans', 60, 5, '40 2\n'],
    ]);
    expect((await root.api.adminGetProblemTags(saved.pid)).map((t) => t.name)).toEqual(['maths']);

    const detail = await root.api.getProblemDetail('ED1');
    expect(detail.languages.sort()).toEqual(['C++', 'Python3']);
    const submission = await root.api.submitProblemJudge({
      pid: 'ED1',
      language: 'Python3',
      code: A_PLUS_B.Python3 ?? '',
    });
    expect((await waitForVerdict(root, submission.submitId)).status).toBe(0);
  });

  it('keeps a problem’s own code template for the editor and the problem page', async () => {
    const languages = await root.api.getLanguages();
    const python = languages.findIndex((l) => l.name === 'Python3') + 1;
    const saved = await root.api.adminCreateProblem(
      dto('ED2', {
        samples: [{ input: '1 2\n', output: '3\n' }],
        codeTemplates: [{ lid: python, code: 'a, b = map(int, input().split())\n', status: true }],
      }),
    );
    expect(await root.api.adminGetProblemCodeTemplates(saved.pid)).toEqual([
      {
        lid: python,
        pid: saved.pid,
        language: 'Python3',
        code: 'a, b = map(int, input().split())\n',
        status: true,
      },
    ]);
    expect((await root.api.getProblemDetail('ED2')).codeTemplate.Python3).toBe(
      'a, b = map(int, input().split())\n',
    );
  });

  it('keeps annex and judge files: the solution and the checker include them; bad sets change nothing', async () => {
    const annex = JSON.stringify({ 'sum.h': '#define SUM(a, b) ((a) + (b))\n' });
    const judgeFiles = JSON.stringify({ 'same.h': '#define SAME(x, y) ((x) == (y))\n' });
    const checker = [
      '#include <cstdio>',
      '#include "same.h"',
      'int main(int argc, char **argv) {',
      '  long long want, got;',
      '  FILE *ans = fopen(argv[3], "r"), *out = fopen(argv[2], "r");',
      '  if (fscanf(ans, "%lld", &want) != 1) return 3;',
      '  if (fscanf(out, "%lld", &got) != 1) return 1;',
      '  return SAME(want, got) ? 0 : 1;',
      '}',
      '',
    ].join('\n');
    const made = dto('ED-X', { samples: [{ input: '1 2\n', output: '3\n' }] });
    made.problem = {
      ...made.problem,
      judgeMode: 'spj',
      spjCode: checker,
      spjLanguage: 'C++',
      userExtraFile: annex,
      judgeExtraFile: judgeFiles,
    };
    const saved = await root.api.adminCreateProblem(made);
    expect(await root.api.adminGetProblem(saved.pid)).toMatchObject({
      userExtraFile: annex,
      judgeExtraFile: judgeFiles,
    });
    const solution =
      '#include <cstdio>\n#include "sum.h"\nint main() { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", SUM(a, b)); }\n';
    const submission = await root.api.submitProblemJudge({ pid: 'ED-X', language: 'C++', code: solution });
    expect((await waitForVerdict(root, submission.submitId)).status).toBe(0);

    // an edit that does not send the files keeps them
    await root.api.adminEditProblem({
      ...made,
      problem: { ...made.problem, id: saved.pid, userExtraFile: undefined, judgeExtraFile: undefined },
    });
    expect(await root.api.adminGetProblem(saved.pid)).toMatchObject({
      userExtraFile: annex,
      judgeExtraFile: judgeFiles,
    });

    const refused = async (userExtraFile: string) =>
      (
        await failure(
          root.api.adminEditProblem({ ...made, problem: { ...made.problem, id: saved.pid, userExtraFile } }),
        )
      ).message;
    expect(await refused('not json')).toBe(
      'The extra files must be a JSON object of file names and their text.',
    );
    expect(await refused('{"a.h": 3}')).toBe(
      'The extra files must be a JSON object of file names and their text.',
    );
    expect(await refused(JSON.stringify({ '../evil.h': 'x' }))).toBe(
      'A file name is 1 to 64 letters, digits, ".", "_" or "-".',
    );
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}.h`, '']));
    expect(await refused(JSON.stringify(many))).toBe('At most 20 extra files of each kind.');
    expect(await refused(JSON.stringify({ 'big.txt': 'x'.repeat(1_000_001) }))).toBe(
      'The extra files of one kind hold at most 1,000,000 characters in all.',
    );
    expect((await root.api.adminGetProblem(saved.pid)).userExtraFile).toBe(annex);

    // an empty set removes them
    await root.api.adminEditProblem({
      ...made,
      problem: { ...made.problem, id: saved.pid, userExtraFile: '', judgeExtraFile: judgeFiles },
    });
    expect((await root.api.adminGetProblem(saved.pid)).userExtraFile).toBeNull();
  });

  it('changes scores without a new upload, renames the display id, and deletes', async () => {
    const saved = await root.api.adminCreateProblem(
      dto('ED3', {
        samples: [
          { input: '1 2\n', output: '3\n', score: 10 },
          { input: '2 2\n', output: '4\n', score: 10 },
        ],
      }),
    );
    const cases = await root.api.adminGetProblemCases(saved.pid);
    await root.api.adminEditProblem(
      dto('ED3-B', {
        problem: { ...dto('x').problem, id: saved.pid, problemId: 'ED3-B' },
        isUploadTestCase: true,
        uploadTestcaseDir: '',
        samples: cases.map((c, i) => ({ id: c.id, input: c.input, output: c.output, score: 30 + i * 40 })),
      }),
    );
    expect((await root.api.adminGetProblem(saved.pid)).ioScore).toBe(100);
    expect((await root.api.adminGetProblemCases(saved.pid)).map((c) => c.score)).toEqual([30, 70]);
    expect((await failure(root.api.getProblemDetail('ED3'))).status).toBe(404);
    expect((await root.api.getProblemDetail('ED3-B')).problem.id).toBe(saved.pid);

    await root.api.adminDeleteProblem(saved.pid);
    expect((await failure(root.api.adminGetProblem(saved.pid))).status).toBe(404);
  });

  it('refuses a display id taken by another problem, ignoring case', async () => {
    const err = await failure(
      root.api.adminCreateProblem(dto('ed1', { samples: [{ input: '1', output: '1' }] })),
    );
    expect(err.status).toBe(400);
    expect(err.message).toBe('The display ID "ed1" is taken by another problem; choose another.');
  });

  it('refuses a problem without cases and a checker problem without its checker', async () => {
    expect((await failure(root.api.adminCreateProblem(dto('ED4')))).message).toBe(
      'A problem needs at least one test case: type one in or upload a zip.',
    );
    const spj = dto('ED4', { samples: [{ input: '1', output: '1' }] });
    spj.problem.judgeMode = 'spj';
    expect((await failure(root.api.adminCreateProblem(spj))).message).toBe(
      "A special judge or interactive problem needs its checker's code and language.",
    );
  });

  it('answers each malformed upload with its message and keeps nothing', async () => {
    const count = async () =>
      Number(
        (
          await server.server.ctx.db.kysely
            .selectFrom('testdata_upload')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const cases: [ZipEntry[] | Buffer, string][] = [
      [
        [{ name: '1.in', data: '1' }],
        '1.in has no output: add 1.out or 1.ans beside it. Nothing was changed.',
      ],
      [[], 'The zip holds no test case'],
      [
        [
          { name: '1.in', data: '1' },
          { name: '1.out', data: '1' },
          { name: '1.ans', data: '1' },
        ],
        'Two files are the same test case: 1.ans and 1.out. Keep one. Nothing was changed.',
      ],
      [[{ name: '', rawName: Buffer.from([0xb2, 0xe2, 0x2e, 0x69, 0x6e]), data: '1' }], 'is not UTF-8 text'],
      [Buffer.from('not a zip at all'), 'The file is not a zip archive'],
    ];
    for (const [entries, message] of cases) {
      const err = await failure(uploadZip(root, entries));
      expect(err.status).toBe(400);
      expect(err.message).toContain(message);
    }
    expect(await count()).toBe(before);
  });

  it('says in Chinese what is wrong with an upload', async () => {
    const zh = testClient(server.url, 'zh-CN');
    await zh.login('root', server.rootPassword);
    expect((await failure(uploadZip(zh, [{ name: '7.in', data: '1' }]))).message).toBe(
      '7.in 没有对应的输出：请在同一位置加入 7.out 或 7.ans。未做任何更改。',
    );
  });

  it('lets only the uploader save an upload, and only with the id the server gave', async () => {
    const staged = await uploadZip(problemAdmin, A_PLUS_B_ZIP);
    const notMine = dto('ED5', { isUploadTestCase: true, uploadTestcaseDir: staged.fileListDir });
    notMine.problem.auth = 2;
    const other = await failure(admin.api.adminCreateProblem(notMine));
    expect(other.status).toBe(400);
    expect(other.message).toContain('no longer available');
    const path = await failure(
      problemAdmin.api.adminCreateProblem(
        dto('ED5', { isUploadTestCase: true, uploadTestcaseDir: '../../etc' }),
      ),
    );
    expect(path.status).toBe(400);
  });

  it('lets an admin change their own problems only; problem admins and root change any', async () => {
    const own = dto('ED6', { samples: [{ input: '1', output: '1' }] });
    own.problem.auth = 2;
    const mine = await admin.api.adminCreateProblem(own);
    const roots = await root.api.adminGetProblemList({ keyword: 'ED1' });
    const rootsPid = roots.records[0]?.id ?? 0;
    expect((await admin.api.adminGetProblem(mine.pid)).author).toBe('siteadmin');
    expect((await failure(admin.api.adminGetProblem(rootsPid))).status).toBe(403);
    expect((await problemAdmin.api.adminGetProblem(rootsPid)).problemId).toBe('ED1');
    expect((await failure(admin.api.adminDeleteProblem(mine.pid))).status).toBe(403);
    expect((await failure(user.api.adminGetProblemList({}))).status).toBe(403);
  });

  it('compiles a checker in the sandbox and shows the compiler’s message when it fails', async () => {
    const good = await root.raw.request<null>('POST', '/api/admin/problem/compile-spj', {
      body: { code: '#include <cstdio>\nint main(){return 0;}\n', language: 'C++' },
    });
    expect(good).toBeNull();
    const bad = await failure(
      root.raw.request('POST', '/api/admin/problem/compile-interactive', {
        body: { spjSrc: 'int main( { return 0; }\n', spjLanguage: 'C++' },
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.message).toMatch(/^The checker does not compile:\n[\s\S]*error/);
    const unknown = await failure(
      root.raw.request('POST', '/api/admin/problem/compile-spj', { body: { code: 'x', language: 'Cobol' } }),
    );
    expect(unknown.message).toBe('"Cobol" is not a language of this judge.');
  });

  it('says so when the server has no judge of its own to compile on', async () => {
    const err = await compileChecker(
      { db: server.server.ctx.db, languages: server.server.ctx.languages, compile: null },
      { uid: 'x', username: 'root', roleIds: [Role.ROOT], roles: ['root'] },
      { code: 'int main(){}', language: 'C++', extraFiles: {} },
    ).catch((e: AppError) => e);
    expect(err).toMatchObject({ status: 503, key: 'problemAdmin.noCompiler' });
  });

  it('lets only root and problem admins make a problem public', async () => {
    const err = await failure(
      admin.api.adminCreateProblem(dto('ED7', { samples: [{ input: '1', output: '1' }] })),
    );
    expect([err.status, err.message]).toEqual([
      403,
      'Only root and problem admins may make a problem public.',
    ]);
    const privateOne = dto('ED7', { samples: [{ input: '1', output: '1' }] });
    privateOne.problem.auth = 2;
    const saved = await admin.api.adminCreateProblem(privateOne);
    const publish = await failure(
      admin.api.adminEditProblem({
        ...privateOne,
        problem: { ...privateOne.problem, id: saved.pid, auth: 1 },
      }),
    );
    expect(publish.status).toBe(403);
    expect((await admin.api.adminGetProblem(saved.pid)).auth).toBe(2);
  });

  it('makes a problem for a contest as HOJ’s editor does: created contest-only, then placed', async () => {
    const contest = await root.api.adminAddContest({
      title: 'Editor Cup',
      description: '',
      type: 0,
      auth: 0,
      startTime: new Date(Date.now() + 3600_000).toISOString(),
      endTime: new Date(Date.now() + 7200_000).toISOString(),
    });
    const saved = await root.api.adminCreateContestOnlyProblem(
      dto('ED8', { samples: [{ input: '1', output: '1' }] }),
    );
    expect((await root.api.adminGetProblem(saved.pid)).auth).toBe(3);
    const placed = await root.api.adminUpdateContestProblem({
      cid: contest.id,
      pid: saved.pid,
      displayId: 'A',
      displayTitle: 'Warm-up',
      color: '#ff0000',
    });
    expect(placed).toMatchObject({ displayId: 'A', displayTitle: 'Warm-up', color: '#ff0000' });
    const list = await root.api.adminListContestProblems({ cid: contest.id });
    expect(list.problemList.records.map((p) => p.problemId)).toEqual(['ED8']);
    await root.api.adminDeleteContestOnlyProblem(saved.pid, contest.id);
    expect((await root.api.adminListContestProblems({ cid: contest.id })).problemList.total).toBe(0);
    expect((await root.api.adminGetProblem(saved.pid)).problemId).toBe('ED8');
    // a user cannot see it outside the contest
    expect((await failure(user.api.getProblemDetail('ED8'))).status).toBe(403);
  });

  it('lists problems of every visibility, searchable by title, author or id', async () => {
    const all = await root.api.adminGetProblemList({ limit: 100 });
    expect(all.records.map((p) => p.problemId)).toEqual(expect.arrayContaining(['ED1', 'ED2', 'ED6']));
    const byAuthor = await root.api.adminGetProblemList({ keyword: 'SITEADMIN' });
    expect(byAuthor.records.map((p) => p.problemId)).toEqual(['ED7', 'ED6']);
    const percent = await root.api.adminGetProblemList({ keyword: '%' });
    expect(percent.total).toBe(0);
  });
});
