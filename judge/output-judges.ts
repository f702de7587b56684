/**
 * How a contestant's output file is judged once the program ran cleanly: HOJ's comparison, the
 * Kattis default validator (validator flags), or the problem's checker.
 */
import { JudgeStatus } from '../shared/constants/judge-status';
import { type CheckerContext, runChecker } from './checker';
import type { CheckerVerdict } from './checker-protocols';
import { compareFiles } from './compare';
import { compareTokenFiles } from './token-compare';
import type { TestCaseSpec } from './types';
import type { ValidatorFlags } from './validator-flags';

export type OutputJudge = (testCase: TestCaseSpec, userOutputPath: string) => Promise<CheckerVerdict>;

const STATUS = { AC: JudgeStatus.ACCEPTED, PE: JudgeStatus.PRESENTATION_ERROR, WA: JudgeStatus.WRONG_ANSWER };

/** HOJ's comparison (docs/judge.md, Limits and verdicts); files are opened with O_NOFOLLOW. */
export function hojComparison(removeEndBlank: boolean): OutputJudge {
  return async (testCase, userOutputPath) => {
    const outcome = await compareFiles(userOutputPath, testCase.outputPath, removeEndBlank);
    return { status: STATUS[outcome], percentage: null, message: null };
  };
}

export function tokenComparison(flags: ValidatorFlags): OutputJudge {
  return async (testCase, userOutputPath) => {
    const v = await compareTokenFiles(userOutputPath, testCase.outputPath, flags);
    return {
      status: v.ok ? JudgeStatus.ACCEPTED : JudgeStatus.WRONG_ANSWER,
      percentage: null,
      message: v.message,
    };
  };
}

export function checkerJudge(ctx: CheckerContext): OutputJudge {
  return (testCase, userOutputPath) =>
    runChecker(ctx, {
      seq: testCase.seq,
      inputPath: testCase.inputPath,
      answerPath: testCase.outputPath,
      userOutputPath,
      caseScore: testCase.score,
    });
}
