/**
 * The results of a judgement that ended without a verdict from the program (it failed to compile,
 * or the judge itself failed): no time, memory, score or cases, and a message that says why. One
 * home, used by the engine, the worker loop and the server's queue.
 */
import { JudgeStatus } from '../shared/constants/judge-status';
import type { JudgeResult, TestRunResult } from './types';

export function errorResult(status: number, message: string): JudgeResult {
  return {
    status,
    time: null,
    memory: null,
    score: null,
    oiRankScore: null,
    errorMessage: message,
    cases: [],
  };
}

/** The judge could not judge the submission (System Error). */
export const systemErrorResult = (message: string): JudgeResult =>
  errorResult(JudgeStatus.SYSTEM_ERROR, message);

/** The judge could not run the test run (System Error; the message goes where stderr would). */
export function testSystemErrorResult(message: string): TestRunResult {
  return { status: JudgeStatus.SYSTEM_ERROR, time: null, memory: null, userOutput: '', stderr: message };
}
