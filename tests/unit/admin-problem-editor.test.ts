import { describe, expect, it } from 'vitest';
import type { AdminProblem } from '@/shared/api/problem-editor-types';
import type { Language } from '@/shared/api/types';
import { problemDtoBody } from '@/shared/schemas/problem-admin';
import { canDeleteProblems, canPublishProblems, mayOpen } from '@/web/features/admin/access';
import { checkedPart, editorResolver } from '@/web/features/admin/problems/lib/editor-schema';
import {
  type EditorValues,
  evenScores,
  formatExtraFiles,
  newProblemValues,
  parseExtraFiles,
  type StoredProblem,
  scoreSum,
  storedProblemValues,
  toProblemDto,
} from '@/web/features/admin/problems/lib/editor-values';
import { formatBytes, previewIsPartial } from '@/web/features/admin/problems/lib/file-size';
import { tagOptions } from '@/web/features/admin/problems/lib/tag-options';

const language = (id: number, name: string, template = ''): Language => ({
  id,
  name,
  contentType: 'text/plain',
  description: name,
  compileCommand: '',
  template,
  codeTemplate: template,
  isSpj: false,
  oj: 'ME',
  seq: 10 - id,
});
const LANGUAGES = [language(1, 'C'), language(2, 'C++'), language(3, 'Python3', 'print()')];

function filled(changes: (v: EditorValues) => void = () => undefined): EditorValues {
  const v = newProblemValues(LANGUAGES);
  v.problem.problemId = ' P1 ';
  v.problem.title = 'Sum';
  v.problem.description = 'Add $a+b$.';
  v.examples = [
    { input: '1 2', output: '3' },
    { input: '', output: '' },
  ];
  changes(v);
  return v;
}

const STORED: StoredProblem = {
  problem: {
    id: 7,
    problemId: 'ED1',
    title: 'Sum of two',
    author: 'root',
    type: 1,
    judgeMode: 'spj',
    judgeCaseMode: 'subtask_lowest',
    timeLimit: 2000,
    memoryLimit: 128,
    stackLimit: 128,
    description: 'd',
    input: 'i',
    output: 'o',
    examples: '<input>1 2</input><output>3</output>',
    hint: '',
    source: 'src',
    difficulty: 3,
    auth: 1,
    ioScore: 100,
    codeShare: false,
    isRemoveEndBlank: true,
    openCaseResult: false,
    isFileIO: true,
    ioReadFileName: 'sum.in',
    ioWriteFileName: 'sum.out',
    isRemote: false,
    gid: null,
    userExtraFile: null,
    gmtCreate: '2025-01-01T00:00:00.000Z',
    gmtModified: '2025-01-01T00:00:00.000Z',
    spjCode: 'int main(){}',
    spjLanguage: 'C++',
    judgeExtraFile: null,
    isUploadCase: true,
    caseVersion: '1',
  } satisfies AdminProblem,
  cases: [
    {
      id: 11,
      pid: 7,
      input: '1.in',
      output: '1.out',
      score: 40,
      groupNum: 1,
      status: 0,
      inputSize: 4,
      outputSize: 2,
      inputPreview: '1 2\n',
      outputPreview: '3\n',
    },
    {
      id: 12,
      pid: 7,
      input: '2.in',
      output: '2.ans',
      score: 60,
      groupNum: null,
      status: 0,
      inputSize: 5,
      outputSize: 3,
      inputPreview: '40 2\n',
      outputPreview: '42\n',
    },
  ],
  tags: [{ id: 1, name: 'maths', color: null }],
  templates: [{ lid: 3, pid: 7, language: 'Python3', code: 'a = 1\n', status: true }],
  allowed: [LANGUAGES[1] as Language, LANGUAGES[2] as Language],
};

async function resolve(values: EditorValues) {
  return editorResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false, names: [] });
}

describe('problem editor values', () => {
  it('starts a new problem private, with every language, cases from a zip and a C++ checker', () => {
    const v = newProblemValues(LANGUAGES);
    expect(v.problem).toMatchObject({ auth: 2, timeLimit: 1000, memoryLimit: 256, spjLanguage: 'C++' });
    expect(v.languages).toEqual(['C', 'C++', 'Python3']);
    expect(v.templates.map((t) => [t.lid, t.language, t.enabled])).toEqual([
      [1, 'C', false],
      [2, 'C++', false],
      [3, 'Python3', false],
    ]);
    expect(v.caseSource).toBe('upload');
  });

  it('edits annex and judge files as lists and sends HOJ’s JSON; a repeated name is refused in the form', async () => {
    const stored = storedProblemValues(
      { ...STORED, problem: { ...STORED.problem, userExtraFile: '{"sum.h":"#define S 1\\n"}' } },
      LANGUAGES,
    );
    expect(stored.userFiles).toEqual([{ name: 'sum.h', content: '#define S 1\n' }]);
    expect(stored.judgeFiles).toEqual([]);
    expect(parseExtraFiles('not json')).toEqual([]);
    expect(formatExtraFiles([])).toBe('');

    const v = filled((x) => {
      x.userFiles = [{ name: ' a.h ', content: 'x' }];
      x.judgeFiles = [{ name: 'b.h', content: 'y' }];
    });
    const dto = toProblemDto(v);
    expect([dto.problem.userExtraFile, dto.problem.judgeExtraFile]).toEqual(['{"a.h":"x"}', '{"b.h":"y"}']);
    expect(problemDtoBody.safeParse(dto).success).toBe(true);

    const twice = filled((x) => {
      x.userFiles = [
        { name: 'a.h', content: 'x' },
        { name: 'a.h', content: 'y' },
      ];
    });
    const { errors } = await resolve(twice);
    expect(errors.userFiles?.[1]?.name?.message).toBe('problemAdmin.extraFileDuplicate');
  });

  it('turns typed-in cases into a ProblemDto the server’s schema accepts', () => {
    const v = filled((x) => {
      x.caseSource = 'manual';
      x.typedCases = [{ input: '1 2\n', output: '3\n', score: null, groupNum: 2 }];
      x.tags = ['maths', 'new one'];
      x.languages = ['Python3'];
      x.templates = x.templates.map((t) => ({ ...t, enabled: true, code: `// ${t.language}` }));
      x.problem.ioReadFileName = 'ignored.in';
    });
    const dto = toProblemDto(v);
    expect(dto).toMatchObject({
      isUploadTestCase: false,
      uploadTestcaseDir: null,
      samples: [{ input: '1 2\n', output: '3\n', score: 0, groupNum: 2 }],
      languages: [{ name: 'Python3' }],
      tags: [{ name: 'maths' }, { name: 'new one' }],
      // only templates of allowed languages are sent
      codeTemplates: [{ lid: 3, code: '// Python3', status: true }],
    });
    expect(dto.problem).toMatchObject({
      problemId: 'P1',
      examples: '<input>1 2</input><output>3</output>',
      ioReadFileName: null,
      spjCode: null,
      spjLanguage: null,
    });
    expect(problemDtoBody.safeParse(dto).success).toBe(true);
  });

  it('names an upload by its id, with each case’s score and group', () => {
    const dto = toProblemDto(
      filled((x) => {
        x.uploadDir = 'upload-abc';
        x.uploadedCases = [{ input: '1.in', output: '1.out', score: 100, groupNum: null }];
      }),
    );
    expect(dto).toMatchObject({
      isUploadTestCase: true,
      uploadTestcaseDir: 'upload-abc',
      samples: [{ input: '1.in', output: '1.out', score: 100, groupNum: null }],
    });
  });

  it('opens a stored problem keeping its cases, and saves their new scores by id', () => {
    const v = storedProblemValues(STORED, LANGUAGES);
    expect(v.problem).toMatchObject({ id: 7, judgeMode: 'spj', spjCode: 'int main(){}', isFileIO: true });
    expect(v.examples).toEqual([{ input: '1 2', output: '3' }]);
    expect(v.tags).toEqual(['maths']);
    expect(v.languages).toEqual(['C++', 'Python3']);
    expect(v.templates.find((t) => t.language === 'Python3')).toMatchObject({
      enabled: true,
      code: 'a = 1\n',
    });
    expect(v.caseSource).toBe('keep');
    expect(scoreSum(v.keptCases)).toBe(100);

    v.keptCases[0]!.score = 30;
    const dto = toProblemDto(v);
    expect(dto).toMatchObject({
      isUploadTestCase: true,
      uploadTestcaseDir: '',
      samples: [
        { id: 11, input: '1.in', score: 30, groupNum: 1 },
        { id: 12, input: '2.in', score: 60, groupNum: null },
      ],
    });
    expect(dto.problem).toMatchObject({ id: 7, spjLanguage: 'C++', ioReadFileName: 'sum.in' });
    expect(problemDtoBody.safeParse(dto).success).toBe(true);
  });

  it('spreads 100 points over new cases and adds scores, empty ones as 0', () => {
    expect(evenScores(3)).toEqual([33, 33, 34]);
    expect(evenScores(4)).toEqual([25, 25, 25, 25]);
    expect(evenScores(0)).toEqual([]);
    expect(evenScores(3).reduce((a, b) => a + b)).toBe(100);
    expect(scoreSum([{ score: 10 }, { score: null }, { score: 5 }])).toBe(15);
  });
});

describe('problem editor checks', () => {
  it('says the server’s words for its own fields', async () => {
    const result = await resolve(
      filled((x) => {
        x.problem.problemId = 'bad id!';
        x.problem.timeLimit = 5;
        x.problem.memoryLimit = Number.NaN;
        x.problem.title = ' ';
      }),
    );
    expect(result.errors.problem?.problemId?.message).toBe('problemAdmin.displayIdInvalid');
    expect(result.errors.problem?.timeLimit?.message).toBe('problemAdmin.timeLimitRange');
    expect(result.errors.problem?.memoryLimit?.message).toBe('problemAdmin.memoryLimitRange');
    expect(result.errors.problem?.title?.message).toBe('problemAdmin.titleRequired');
  });

  it('checks the scores and groups of the chosen cases only', async () => {
    const bad = await resolve(
      filled((x) => {
        x.caseSource = 'manual';
        x.typedCases = [{ input: '1', output: '1', score: -1, groupNum: 0 }];
      }),
    );
    expect(bad.errors.typedCases?.[0]?.score?.message).toBe('problemAdmin.scoreInvalid');
    expect(bad.errors.typedCases?.[0]?.groupNum?.message).toBe('admin.problem.cases.groupInvalid');

    const hidden = await resolve(
      filled((x) => {
        x.caseSource = 'upload';
        x.uploadDir = 'upload-1';
        x.typedCases = [{ input: '1', output: '1', score: -1, groupNum: 0 }];
      }),
    );
    expect(hidden.errors).toEqual({});
  });

  it('asks for a zip before saving an upload, and ignores file names of a problem without File IO', async () => {
    const none = await resolve(filled());
    expect(none.errors.uploadDir?.message).toBe('admin.problem.testdata.uploadFirst');

    const fileNames = filled((x) => {
      x.uploadDir = 'upload-1';
      x.problem.ioReadFileName = '../etc';
    });
    expect((await resolve(fileNames)).errors).toEqual({});
    expect(checkedPart(fileNames).problem.ioReadFileName).toBeNull();
    fileNames.problem.isFileIO = true;
    expect((await resolve(fileNames)).errors.problem?.ioReadFileName?.message).toBe(
      'problemAdmin.fileNameInvalid',
    );
  });
});

describe('problem editor helpers', () => {
  it('writes sizes in human units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(20 * 1024)).toBe('20 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(-1)).toBe('--');
  });

  it('knows when a preview stops before its file, counting bytes', () => {
    expect(previewIsPartial('1 2\n', 4)).toBe(false);
    expect(previewIsPartial('1 2', 4)).toBe(true);
    expect(previewIsPartial('和', 3)).toBe(false);
  });

  it('suggests known tags, then offers the typed name as a new one', () => {
    const known = ['Maths', 'Graph', 'Greedy', 'dp'];
    expect(tagOptions('g', known, ['Graph'])).toEqual([
      { name: 'Greedy', create: false },
      { name: 'g', create: true },
    ]);
    expect(tagOptions('maths', known, [])).toEqual([{ name: 'Maths', create: false }]);
    expect(tagOptions('  DP ', known, ['dp'])).toEqual([]);
    expect(tagOptions('', known, []).map((o) => o.name)).toEqual(known);
  });

  it('lets root and problem admins publish and delete; each console screen opens to its roles', () => {
    expect(canPublishProblems(['root'])).toBe(true);
    expect(canPublishProblems(['problem_admin'])).toBe(true);
    expect(canPublishProblems(['admin'])).toBe(false);
    expect(canDeleteProblems(['admin'])).toBe(false);
    const who = (roles: string[]) =>
      (['admins', 'userAdmins', 'tagAdmins', 'root'] as const).filter((a) => mayOpen(a, roles));
    expect(who(['root'])).toEqual(['admins', 'userAdmins', 'tagAdmins', 'root']);
    expect(who(['admin'])).toEqual(['admins', 'userAdmins']);
    expect(who(['problem_admin'])).toEqual(['admins', 'tagAdmins']);
    expect(who(['default_user'])).toEqual([]);
  });
});
