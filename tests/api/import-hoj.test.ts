/**
 * HOJ's own problem zip at HOJ's paths (docs/problem-formats.md, HOJ zip): a zip shaped as HOJ's
 * export-problem writes it imports with every field and is judged; problems made here export
 * and import back unchanged; malformed uploads are refused with the file named and leave
 * nothing; the export is root's alone.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../../server/services/packages/archive';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { Role } from '../../shared/constants/roles';
import type { ProblemDtoForm } from '../../shared/schemas/problem-admin';
import { makeZip, type ZipEntry } from '../fixtures/packages/zip';
import { A_PLUS_B, type TestClient, testClient, waitForVerdict } from '../helpers/api';
import { storedFiles } from '../helpers/data-dir';
import { assertPostgresReachable, DATABASES } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { userClient } from '../helpers/users';

const IMPORT = '/api/file/import-problem';
const EXPORT = '/api/file/export-problem';

interface Answer {
  http: number;
  status: number;
  msg: string;
  data: { problems: { pid: number; problemId: string; title: string; notices: string[] }[] } | null;
}

async function upload(
  server: TestServer,
  token: string,
  file: Buffer,
  filename = 'problems.zip',
): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), filename);
  const res = await fetch(`${server.url}${IMPORT}`, {
    method: 'POST',
    headers: { Authorization: token, 'Accept-Language': 'en-US' },
    body: form,
  });
  return { http: res.status, ...((await res.json()) as Omit<Answer, 'http'>) };
}

async function download(server: TestServer, token: string | null, pids: number[]) {
  const query = pids.map((p) => `pid=${p}`).join('&');
  const res = await fetch(`${server.url}${EXPORT}?${query}`, {
    headers: { ...(token ? { Authorization: token } : {}), 'Accept-Language': 'en-US' },
  });
  const body = Buffer.from(await res.arrayBuffer());
  return { res, body };
}

/** One problem as HOJ's export writes it: `problem_<pid>.json` (hutool leaves nulls out) and its folder. */
function hojProblem(pid: number, vo: object, files: Record<string, string>): ZipEntry[] {
  return [
    { name: `problem_${pid}.json`, data: JSON.stringify(vo) },
    ...Object.entries(files).map(([name, data]) => ({ name: `problem_${pid}/${name}`, data })),
    // HOJ copies its test data index along; the importer rebuilds it from `samples`
    { name: `problem_${pid}/info`, data: '{"mode":"default","testCasesSize":2}' },
  ];
}

const HOJ_CHECKER = `#include <cstdio>
#include "verdict_spj.h"
int main(int argc, char *argv[]) {
  FILE *in = fopen(argv[1], "r"), *out = fopen(argv[2], "r");
  long long a, b, c;
  if (!in || fscanf(in, "%lld %lld", &a, &b) != 2) return 103;
  if (!out || fscanf(out, "%lld", &c) != 1) return WA;
  return c == a + b ? AC : WA;
}
`;
const CHECKER_HEADER = '#define AC 100\n#define WA 102\n';

/** HOJ pid 7: a default (ACM) problem. */
const PLAIN = hojProblem(
  7,
  {
    problem: {
      problemId: 'HOJ-1000',
      title: 'A+B Problem',
      type: 0,
      judgeMode: 'default',
      judgeCaseMode: 'default',
      timeLimit: 1000,
      memoryLimit: 256,
      stackLimit: 128,
      description: 'Add $a$ and $b$.',
      input: 'Two integers.',
      output: 'Their sum.',
      examples: '<input>1 2</input><output>3</output><input>5 5</input><output>10</output>',
      isRemote: false,
      source: 'HOJ',
      difficulty: 0,
      hint: 'Mind the overflow.',
      auth: 1,
      ioScore: 100,
      codeShare: true,
      isRemoveEndBlank: true,
      openCaseResult: false,
      isUploadCase: true,
      isGroup: false,
      isFileIO: false,
      modifiedUser: 'root',
      videoUrl: 'https://example.org/v',
    },
    languages: ['C', 'C++', 'C++ With O2', 'Java', 'Python3', 'Scala', 'Swift'],
    samples: [
      { input: '1.in', output: '1.out', score: 50 },
      { input: '2.in', output: '2.out', score: 50 },
    ],
    tags: ['Simple', 'Math', 'math'],
    codeTemplates: [
      { language: 'C++', code: '// C++ template\n' },
      { language: 'C++ With O2', code: '// O2 template\n' },
      { language: 'Python3', code: '# Python template\n' },
    ],
    judgeMode: 'default',
  },
  { '1.in': '1 2\n', '1.out': '3\n', '2.in': '100 200\r\n', '2.out': '300\r\n' },
);

/** HOJ pid 12: a special judge with a judge file, carried as HOJ's export carries it. */
const JUDGE_FILES = { 'verdict_spj.h': CHECKER_HEADER };
const SPJ = hojProblem(
  12,
  {
    problem: {
      problemId: 'HOJ-1001',
      title: 'A+B, checked',
      type: 0,
      judgeMode: 'spj',
      timeLimit: 2000,
      memoryLimit: 128,
      description: 'Print $a+b$.',
      examples: '<input>1 1</input><output>2</output>',
      difficulty: 2,
      auth: 1,
      ioScore: 100,
      codeShare: false,
      spjCode: HOJ_CHECKER,
      spjLanguage: 'C++',
      judgeExtraFile: JSON.stringify(JUDGE_FILES),
      isRemoveEndBlank: false,
      openCaseResult: true,
    },
    languages: ['C++', 'Python3'],
    samples: [{ input: 'a.in', output: 'a.out' }],
    tags: ['Special judge'],
    codeTemplates: [],
    judgeMode: 'spj',
    // HOJ's export writes the judge's files here (its buildExportProblem quirk)
    userExtraFile: JUDGE_FILES,
  },
  { 'a.in': '20 22\n', 'a.out': '42\n' },
);

/** HOJ pid 105: OI with subtasks (scores and groups), file IO, outputs found by HOJ's rule. */
const SUBTASKS = hojProblem(
  105,
  {
    problem: {
      problemId: 'HOJ-1002',
      title: 'Sum by files',
      type: 1,
      judgeMode: 'default',
      judgeCaseMode: 'subtask_lowest',
      timeLimit: 1000,
      memoryLimit: 256,
      description: 'Read sum.in, write sum.out.',
      difficulty: 1,
      ioScore: 200,
      isFileIO: true,
      ioReadFileName: 'sum.in',
      ioWriteFileName: 'sum.out',
      userExtraFile: JSON.stringify({ 'notes.txt': 'read the files\n' }),
    },
    languages: ['C++', 'Python3', 'Scala'],
    samples: [
      { input: '1.in', output: '1.out', score: 30, groupNum: 1 },
      { input: '2.in', score: 30, groupNum: 1 },
      { input: '3.in', output: '3.ans', score: 70, groupNum: 2 },
      { input: '4.in', output: '4.out', score: 70, groupNum: 2 },
    ],
    tags: ['Subtasks', 'Math'],
    codeTemplates: [],
    judgeMode: 'default',
  },
  {
    '1.in': '1 1\n',
    '1.out': '2\n',
    '2.in': '2 2\n',
    '2.ans': '4\n',
    '3.in': '3 3\n',
    '3.ans': '6\n',
    '4.in': '4 4\n',
    '4.out': '8\n',
  },
);

describe.each(DATABASES)('HOJ problem zip on $name', ({ name, databaseUrl }) => {
  let server: TestServer;
  let root: TestClient;
  let rootToken: string;
  const imported = new Map<string, number>();

  beforeAll(async () => {
    if (name === 'postgres') await assertPostgresReachable();
    server = await startTestServer({ databaseUrl, judgeWorkers: 1 });
    root = testClient(server.url);
    await root.login('root', server.rootPassword);
    rootToken = root.token as string;
  });
  afterAll(async () => {
    await server?.destroy();
  });

  const db = () => server.server.ctx.db.kysely;
  const problemCount = async () =>
    Number(
      (
        await db()
          .selectFrom('problem')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** What a problem is, as the console reads it, with the test files by content hash. */
  async function snapshot(pid: number) {
    const { id, problemId, author, auth, gmtCreate, gmtModified, caseVersion, isUploadCase, ...problem } =
      await root.api.adminGetProblem(pid);
    const row = await db()
      .selectFrom('problem')
      .select(['spj_protocol', 'judge_extra_file', 'validator_flags', 'user_extra_file'])
      .where('id', '=', pid)
      .executeTakeFirstOrThrow();
    const hashes = await db()
      .selectFrom('problem_case')
      .select(['input_hash', 'output_hash'])
      .where('pid', '=', pid)
      .orderBy('seq')
      .execute();
    const cases = (await root.api.adminGetProblemCases(pid)).map((c, i) => ({
      input: c.input,
      output: c.output,
      score: c.score,
      groupNum: c.groupNum,
      ...hashes[i],
    }));
    const languages = (
      await db().selectFrom('problem_language').select('language').where('pid', '=', pid).execute()
    )
      .map((l) => l.language)
      .sort();
    return {
      problem,
      row,
      cases,
      tags: (await root.api.adminGetProblemTags(pid)).map((t) => t.name).sort(),
      languages,
      templates: (await root.api.adminGetProblemCodeTemplates(pid)).map((t) => [t.language, t.code]),
    };
  }

  async function verdict(pid: string, language: string, code: string) {
    const submission = await root.api.submitProblemJudge({ pid, language, code });
    const row = await waitForVerdict(root, submission.submitId);
    return { status: row.status, submitId: submission.submitId };
  }

  it('imports a zip as HOJ exports it: three problems with every field', async () => {
    const zip = makeZip([...SUBTASKS, ...SPJ, ...PLAIN, { name: 'README.txt', data: 'exported by HOJ' }]);
    const res = await upload(server, rootToken, zip);
    expect([res.http, res.status, res.msg]).toEqual([200, 200, 'success']);
    const problems = res.data?.problems ?? [];
    // HOJ's file order: problem_7, problem_12, problem_105
    expect(problems.map((p) => [p.problemId, p.title])).toEqual([
      ['HOJ-1000', 'A+B Problem'],
      ['HOJ-1001', 'A+B, checked'],
      ['HOJ-1002', 'Sum by files'],
    ]);
    for (const p of problems) imported.set(p.problemId, p.pid);
    expect(problems[0]?.notices).toEqual([
      'README.txt is not a problem JSON and was ignored.',
      'problem_7.json: this judge has no Scala, Swift; those languages were left out of the allowed languages.',
      'problem_7.json: the code templates for C++ With O2 were not imported (no such language here, or a second template for one).',
      'problem_7.json: fields this judge does not keep were ignored: problem.videoUrl.',
    ]);
    expect(problems[1]?.notices).toEqual([]);
    expect(problems[2]?.notices).toEqual([
      'problem_105.json: this judge has no Scala; those languages were left out of the allowed languages.',
    ]);

    const plain = await snapshot(imported.get('HOJ-1000') ?? 0);
    expect(plain.problem).toMatchObject({
      title: 'A+B Problem',
      type: 0,
      judgeMode: 'default',
      judgeCaseMode: 'default',
      timeLimit: 1000,
      memoryLimit: 256,
      stackLimit: 256,
      description: 'Add $a$ and $b$.',
      input: 'Two integers.',
      output: 'Their sum.',
      examples: '<input>1 2</input><output>3</output><input>5 5</input><output>10</output>',
      hint: 'Mind the overflow.',
      source: 'HOJ',
      difficulty: 0,
      ioScore: 100,
      codeShare: true,
      isRemoveEndBlank: true,
      openCaseResult: false,
      isFileIO: false,
      isRemote: false,
      userExtraFile: null,
      spjCode: null,
    });
    expect(plain.cases.map((c) => [c.input, c.output, c.score, c.groupNum])).toEqual([
      ['1.in', '1.out', 50, null],
      ['2.in', '2.out', 50, null],
    ]);
    // CRLF became LF, as HOJ does with uploaded test data
    const second = await db()
      .selectFrom('problem_case')
      .select(['input_hash', 'output_hash'])
      .where('pid', '=', imported.get('HOJ-1000') ?? 0)
      .where('seq', '=', 2)
      .executeTakeFirstOrThrow();
    expect(server.server.ctx.files.read(second.input_hash).toString()).toBe('100 200\n');
    expect(server.server.ctx.files.read(second.output_hash).toString()).toBe('300\n');
    expect(plain.tags).toEqual(['Math', 'Simple']);
    expect(plain.languages).toEqual(['C', 'C++', 'Java', 'Python3']);
    expect(plain.templates).toEqual([
      ['C++', '// C++ template\n'],
      ['Python3', '# Python template\n'],
    ]);
    // imports start private, whatever the zip says
    expect((await root.api.adminGetProblem(imported.get('HOJ-1000') ?? 0)).auth).toBe(2);

    const spj = await snapshot(imported.get('HOJ-1001') ?? 0);
    expect(spj.problem).toMatchObject({
      judgeMode: 'spj',
      timeLimit: 2000,
      memoryLimit: 128,
      difficulty: 2,
      codeShare: false,
      isRemoveEndBlank: false,
      spjCode: HOJ_CHECKER,
      spjLanguage: 'C++',
      // the export quirk's copy of the judge files is not given to contestants
      userExtraFile: null,
    });
    expect(spj.row).toMatchObject({ spj_protocol: 'hoj', judge_extra_file: JSON.stringify(JUDGE_FILES) });
    expect(spj.cases.map((c) => [c.input, c.output])).toEqual([['a.in', 'a.out']]);
    expect(spj.languages).toEqual(['C++', 'Python3']);

    const oi = await snapshot(imported.get('HOJ-1002') ?? 0);
    expect(oi.problem).toMatchObject({
      type: 1,
      judgeCaseMode: 'subtask_lowest',
      // the lowest case of each group, summed (HOJ's editor total), not the sum of every case
      ioScore: 100,
      isFileIO: true,
      ioReadFileName: 'sum.in',
      ioWriteFileName: 'sum.out',
      userExtraFile: JSON.stringify({ 'notes.txt': 'read the files\n' }),
    });
    expect(oi.cases.map((c) => [c.input, c.output, c.score, c.groupNum])).toEqual([
      ['1.in', '1.out', 30, 1],
      ['2.in', '2.ans', 30, 1],
      ['3.in', '3.ans', 70, 2],
      ['4.in', '4.out', 70, 2],
    ]);
    expect(oi.tags).toEqual(['Math', 'Subtasks']);
    // one tag "Math" for both problems
    const maths = await db().selectFrom('tag').select('id').where('name', '=', 'Math').execute();
    expect(maths).toHaveLength(1);
  });

  it('judges the imported problems: A+B accepted, the special judge and the subtasks as HOJ would', async () => {
    expect((await verdict('HOJ-1000', 'C++', A_PLUS_B['C++'] ?? '')).status).toBe(JudgeStatus.ACCEPTED);
    expect((await verdict('HOJ-1000', 'Python3', 'print(3)\n')).status).toBe(JudgeStatus.WRONG_ANSWER);

    const right = await verdict('HOJ-1001', 'Python3', A_PLUS_B.Python3 ?? '');
    const wrong = await verdict(
      'HOJ-1001',
      'Python3',
      'a, b = map(int, input().split())\nprint(a + b + 1)\n',
    );
    expect([right.status, wrong.status]).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.WRONG_ANSWER]);

    const files = await verdict(
      'HOJ-1002',
      'Python3',
      "a, b = map(int, open('sum.in').read().split())\nopen('sum.out', 'w').write(str(a + b) + '\\n')\n",
    );
    expect(files.status).toBe(JudgeStatus.ACCEPTED);
    expect((await root.api.getSubmissionDetail(files.submitId)).submission.score).toBe(100);
    // small numbers only: group 1 passes, group 2 fails
    const half = await verdict(
      'HOJ-1002',
      'Python3',
      "a, b = map(int, open('sum.in').read().split())\nopen('sum.out', 'w').write(str(a + b if a < 3 else 0) + '\\n')\n",
    );
    expect(half.status).toBe(JudgeStatus.PARTIAL_ACCEPTED);
    expect((await root.api.getSubmissionDetail(half.submitId)).submission.score).toBe(30);
  });

  it('a testlib checker without its testlib.h is compiled against the judge’s own, with a notice', async () => {
    const checker = [
      '#include "testlib.h"',
      'int main(int argc, char *argv[]) {',
      '  registerTestlibCmd(argc, argv);',
      '  long long a = inf.readLong(), b = inf.readLong();',
      '  long long c = ouf.readLong();',
      '  if (c != a + b) quitf(_wa, "expected %lld, found %lld", a + b, c);',
      '  quitf(_ok, "sum is right");',
      '}',
      '',
    ].join('\n');
    const zip = makeZip(
      hojProblem(
        31,
        {
          problem: {
            problemId: 'HOJ-TL',
            title: 'A+B, testlib',
            judgeMode: 'spj',
            timeLimit: 1000,
            memoryLimit: 256,
            spjCode: checker,
            spjLanguage: 'C++',
          },
          samples: [{ input: '1.in', output: '1.out' }],
          judgeMode: 'spj',
        },
        { '1.in': '2 5\n', '1.out': '7\n' },
      ),
    );
    const res = await upload(server, rootToken, zip);
    expect([res.http, res.status]).toEqual([200, 200]);
    expect(res.data?.problems[0]?.notices).toContain(
      "The spjCode (problem_31.json) includes testlib.h and the package does not contain it: it is compiled against Verdict's own testlib.h (testlib's API; generators' random sequences differ from Codeforces').",
    );
    expect((await verdict('HOJ-TL', 'Python3', A_PLUS_B.Python3 ?? '')).status).toBe(JudgeStatus.ACCEPTED);
    expect((await verdict('HOJ-TL', 'Python3', 'print(8)\n')).status).toBe(JudgeStatus.WRONG_ANSWER);
  });

  it('exports problems made here as HOJ reads them, and imports them back unchanged', async () => {
    const languages = await root.api.getLanguages();
    const lid = (n: string) => languages.findIndex((l) => l.name === n) + 1;
    const base: ProblemDtoForm['problem'] = {
      problemId: 'RT-1',
      title: 'Round trip, typed',
      timeLimit: 1500,
      memoryLimit: 512,
      description: 'D',
      input: 'I',
      output: 'O',
      hint: 'H',
      source: 'S',
      examples: '<input>1 2</input><output>3</output>',
      difficulty: 4,
      type: 1,
      judgeCaseMode: 'subtask_average',
      judgeMode: 'spj',
      spjLanguage: 'C++',
      spjCode:
        '#include <fstream>\nint main(int, char *argv[]) {\n  std::ifstream in(argv[1]), out(argv[2]), ans(argv[3]);\n  long long a, b;\n  ans >> a;\n  return out >> b && a == b ? 0 : 1;\n}\n',
      codeShare: false,
      openCaseResult: false,
      auth: 2,
    };
    const typed = await root.api.adminCreateProblem({
      problem: base,
      samples: [
        { input: '1 2\n', output: '3\n', score: 20, groupNum: 1 },
        { input: '2 3\n', output: '5\n', score: 40, groupNum: 1 },
        { input: '\u00ff binary-ish\r\n', output: '0\n', score: 60, groupNum: 2 },
      ],
      tags: [{ name: 'Round trip' }, { name: 'Math' }],
      languages: [{ name: 'C++' }, { name: 'Python3' }],
      codeTemplates: [
        { lid: lid('C++'), code: 'int main() {}\n', status: true },
        { lid: lid('Python3'), code: 'print()\n', status: true },
      ],
    });
    const plain = await root.api.adminCreateProblem({
      problem: {
        problemId: 'RT-2',
        title: 'Round trip, file IO',
        timeLimit: 1000,
        memoryLimit: 256,
        isFileIO: true,
        ioReadFileName: 'in.txt',
        ioWriteFileName: 'out.txt',
        auth: 2,
      },
      samples: [{ input: '5 6\n', output: '11\n' }],
      tags: [],
      languages: [],
    });
    const pids = [typed.pid, plain.pid, ...imported.values()];
    const before = await Promise.all(pids.map(snapshot));

    const { res, body } = await download(server, rootToken, pids);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="problem_export_\d+\.zip"$/,
    );

    // HOJ's layout: problem_<pid>.json beside problem_<pid>/ with the files the samples name
    const pkg = await readZip(body);
    const vo = JSON.parse(pkg.text(`problem_${typed.pid}.json`) ?? '{}');
    expect(pkg.children('').files.sort()).toEqual(pids.map((p) => `problem_${p}.json`).sort());
    expect(vo.samples).toEqual([
      { input: '1.in', output: '1.out', score: 20, groupNum: 1 },
      { input: '2.in', output: '2.out', score: 40, groupNum: 1 },
      { input: '3.in', output: '3.out', score: 60, groupNum: 2 },
    ]);
    expect(pkg.get(`problem_${typed.pid}/3.in`)?.toString('latin1')).toBe(
      Buffer.from('\u00ff binary-ish\r\n').toString('latin1'),
    );
    expect(vo).toMatchObject({
      judgeMode: 'spj',
      languages: ['C++', 'Python3'],
      tags: expect.arrayContaining(['Round trip', 'Math']),
      codeTemplates: expect.arrayContaining([
        { language: 'C++', code: 'int main() {}\n' },
        { language: 'Python3', code: 'print()\n' },
      ]),
      problem: { problemId: 'RT-1', spjLanguage: 'C++', judgeCaseMode: 'subtask_average', auth: 1 },
    });
    // an unrestricted problem lists the languages HOJ has names for (HOJ needs a list)
    const plainVo = JSON.parse(pkg.text(`problem_${plain.pid}.json`) ?? '{}');
    expect(plainVo.languages).toEqual([
      'C',
      'C++',
      'C++ 20',
      'Java',
      'Python3',
      'Python2',
      'JavaScript Node',
    ]);
    const spjVo = JSON.parse(pkg.text(`problem_${imported.get('HOJ-1001')}.json`) ?? '{}');
    expect(spjVo.judgeExtraFile).toEqual(JUDGE_FILES);
    expect(spjVo.userExtraFile).toBeUndefined();

    // the originals step aside (display ids are unique), then the zip comes back in
    await db()
      .updateTable('problem')
      .set({ problem_id: sql<string>`problem_id || '-old'` })
      .where('id', 'in', pids)
      .execute();
    const again = await upload(server, rootToken, body, 'problem_export.zip');
    expect([again.http, again.status]).toEqual([200, 200]);
    expect(again.data?.problems.map((p) => p.notices)).toEqual(pids.map(() => []));
    const byId = new Map(again.data?.problems.map((p) => [p.problemId, p.pid]));
    const after = await Promise.all(
      before.map((_, i) => snapshot(byId.get(['RT-1', 'RT-2', ...imported.keys()][i] ?? '') ?? 0)),
    );
    expect(after).toEqual(before);
  });

  describe('malformed uploads', () => {
    const good = (
      pid: number,
      extra: object = {},
      files: Record<string, string> = { '1.in': '1 2\n', '1.out': '3\n' },
    ) =>
      hojProblem(
        pid,
        {
          problem: { problemId: `BAD-${pid}`, title: 'x', timeLimit: 1000, memoryLimit: 256 },
          samples: [{ input: '1.in', output: '1.out' }],
          ...extra,
        },
        files,
      );
    const cases: [string, Buffer, string][] = [
      ['not a zip', Buffer.from('this is not a zip'), 'The file is not a zip archive'],
      ['an empty zip', makeZip([]), 'The archive is empty'],
      [
        'a JSON without its test folder',
        makeZip([{ name: 'problem_3.json', data: '{}' }]),
        'problem_3.json has no test data folder problem_3/ next to it',
      ],
      [
        'an .in without its output',
        makeZip(good(4, {}, { '1.in': '1 2\n' })),
        'problem_4.json: the test input problem_4/1.in has no output (problem_4/1.out not in the archive).',
      ],
      [
        'an .in without output and none named',
        makeZip(good(5, { samples: [{ input: '1.in' }] }, { '1.in': '1 2\n', '1.txt': '3\n' })),
        'problem_5/1.out, problem_5/1.ans not in the archive',
      ],
      [
        'a sample naming a file that is not there',
        makeZip(good(6, { samples: [{ input: '9.in', output: '9.out' }] })),
        'problem_6.json names the test input problem_6/9.in, which is not in the archive.',
      ],
      [
        'bad JSON',
        makeZip([
          { name: 'problem_8.json', data: '{"problem": {"title": ' },
          { name: 'problem_8/1.in', data: '1' },
        ]),
        'problem_8.json is not valid JSON',
      ],
      [
        'a JSON without a title',
        makeZip(good(9, { problem: { problemId: 'BAD-9', timeLimit: 1000, memoryLimit: 256 } })),
        'problem_9.json: problem.title is missing.',
      ],
      [
        'a JSON without a time limit',
        makeZip(good(10, { problem: { problemId: 'BAD-10', title: 'x', memoryLimit: 256 } })),
        'problem_10.json: problem.timeLimit is missing.',
      ],
      [
        'a JSON without samples',
        makeZip(good(11, { samples: undefined })),
        'problem_11.json: samples is missing.',
      ],
      [
        'a JSON without the problem',
        makeZip(good(13, { problem: undefined })),
        'problem_13.json: problem is missing.',
      ],
      [
        'an unknown judge mode',
        makeZip(good(14, { judgeMode: 'remote' })),
        'problem_14.json: judgeMode has an invalid value "remote".',
      ],
      [
        'a special judge without code',
        makeZip(good(15, { judgeMode: 'spj' })),
        'problem_15.json: judge mode spj needs problem.spjCode',
      ],
      [
        'an extra file with a path for a name',
        makeZip(good(16, { userExtraFile: { '../x.h': 'x' } })),
        'problem_16.json: userExtraFile names the file "../x.h"',
      ],
      [
        'a path-traversal entry',
        makeZip([...good(17), { name: '../evil.json', data: '{}' }]),
        'Unsafe path in the archive: "../evil.json"',
      ],
      [
        'a second problem broken (nothing of the first is kept)',
        makeZip([...good(18), ...good(19, { samples: [] })]),
        'problem_19.json: samples lists no test case.',
      ],
    ];
    it.each(cases)('refuses %s with its message and stores nothing', async (_what, zip, message) => {
      const problems = await problemCount();
      const files = storedFiles(server.dataDir);
      const res = await upload(server, rootToken, zip);
      expect([res.http, res.status]).toEqual([400, 400]);
      expect(res.msg).toContain(message);
      expect(await problemCount()).toBe(problems);
      expect(storedFiles(server.dataDir)).toBe(files);
    });
  });

  describe('export permissions', () => {
    it('401 for a visitor, 403 for a user, an admin and a problem admin; 404 for a pid that does not exist', async () => {
      const pid = imported.get('HOJ-1000') ?? 0;
      const user = await userClient(server, `hojuser-${name}`);
      const admin = await userClient(server, `hojadmin-${name}`, { roleId: Role.ADMIN });
      const problemAdmin = await userClient(server, `hojpadmin-${name}`, { roleId: Role.PROBLEM_ADMIN });
      const statuses = [];
      for (const token of [null, user.token, admin.token, problemAdmin.token]) {
        const { res, body } = await download(server, token, [pid]);
        statuses.push([res.status, JSON.parse(body.toString()).status]);
      }
      expect(statuses).toEqual([
        [401, 401],
        [403, 403],
        [403, 403],
        [403, 403],
      ]);
      // nothing partial: one unknown pid refuses the whole export
      const missing = await download(server, rootToken, [pid, 987654]);
      expect(missing.res.status).toBe(404);
      expect(JSON.parse(missing.body.toString()).msg).toBe(
        'No problem with id 987654: nothing was exported.',
      );
      const none = await download(server, rootToken, []);
      expect(none.res.status).toBe(400);
      const bad = await fetch(`${server.url}${EXPORT}?pid=abc`, { headers: { Authorization: rootToken } });
      expect(bad.status).toBe(400);
    });
  });
});
