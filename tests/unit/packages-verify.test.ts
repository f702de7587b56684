// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { errorResult } from '../../judge/error-results';
import { javaEntryPoint } from '../../judge/java-main-class';
import type { JudgeResult, JudgeTask } from '../../judge/types';
import { matches } from '../../scripts/cli/verify';
import { runVerification } from '../../server/services/packages/verify';
import { JudgeStatus as S } from '../../shared/constants/judge-status';

describe('verify: expectations', () => {
  it('accept the listed verdicts, and Partially Accepted when a case got one of them', () => {
    expect(matches([S.ACCEPTED], S.ACCEPTED, [S.ACCEPTED])).toBe(true);
    expect(matches([S.ACCEPTED], S.PARTIAL_ACCEPTED, [S.ACCEPTED, S.WRONG_ANSWER])).toBe(false);
    expect(matches([S.WRONG_ANSWER], S.PARTIAL_ACCEPTED, [S.ACCEPTED, S.WRONG_ANSWER])).toBe(true);
    expect(matches([S.TIME_LIMIT_EXCEEDED], S.PARTIAL_ACCEPTED, [S.ACCEPTED, S.WRONG_ANSWER])).toBe(false);
    expect(matches([S.WRONG_ANSWER], S.RUNTIME_ERROR, [S.RUNTIME_ERROR])).toBe(false);
  });
});

describe('verify: Java programs named after their file (Kattis)', () => {
  it('reach the judge as written: the judge itself runs the class they declare', async () => {
    const source =
      'import java.util.*;\npublic class hello {\n  public static void main(String[] a) {\n    System.out.println("Hello World!");\n  }\n}\n';
    const seen: JudgeTask[] = [];
    const judge = async (task: JudgeTask): Promise<JudgeResult> => {
      seen.push(task);
      return { ...errorResult(S.ACCEPTED, ''), errorMessage: null };
    };
    const report = await runVerification(
      {
        header: {
          title: 'hello',
          cases: 0,
          judgeMode: 'default',
          timeLimit: 1000,
          memoryLimit: 256,
          notices: [],
        },
        submissions: [
          {
            path: 'submissions/accepted/hello.java',
            language: 'Java',
            code: source,
            expectation: 'accepted',
            expected: [S.ACCEPTED],
          },
        ],
        caseNames: [],
        base: {
          timeLimit: 1000,
          memoryLimit: 256,
          problemType: 0,
          ioScore: 100,
          difficulty: 1,
          judgeMode: 'default',
          judgeCaseMode: 'default',
          isRemoveEndBlank: true,
          cases: [],
        },
      },
      { judge, languages: new Set(['Java']) },
    );
    expect(seen.map((t) => [t.language, t.code])).toEqual([['Java', source]]);
    expect(report.results[0]?.state).toBe('ok');
    expect(javaEntryPoint(source)).toEqual({ ok: true, fileClass: 'hello', runClass: 'hello' });
  });
});
