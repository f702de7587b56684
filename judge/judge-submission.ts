/**
 * Judges one submission: box → compile → cases in order → final result. A program's misbehaviour
 * is always a verdict; only failures of the judge itself become System Error, and nothing here
 * throws.
 */
import { chown, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JudgeStatus } from '../shared/constants/judge-status';
import { compileInBox } from './compile';
import { findLanguage, type LanguageSpec } from './languages';
import { type RunLimits, runLimits } from './limits';
import { runCase } from './run-case';
import { type Box, createBox, destroyBox } from './sandbox/boxes';
import { sandboxProblem } from './sandbox/paths';
import { finalResult } from './scoring';
import type { CaseResult, JudgeHooks, JudgeResult, JudgeTask, TestCaseSpec } from './types';

export interface JudgeOptions {
  /** parent of the per-submission boxes (default: $DATA_DIR/judge-boxes or the OS temp dir) */
  boxRoot?: string;
  /** told which box (and uid) the submission runs in; for logs and tests */
  onBox?(box: Readonly<Box>): void;
}

/** A verdict without cases: compile errors and judge failures. */
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

function cancelled(c: TestCaseSpec): CaseResult {
  return {
    seq: c.seq,
    caseId: c.caseId,
    status: JudgeStatus.CANCELLED,
    time: 0,
    memory: 0,
    score: 0,
    userOutput: 'cancelled: skipped',
    groupNum: c.groupNum,
  };
}

/** Case order: by seq; subtask_lowest runs group by group (first appearance) so a failed case
 *  can cancel the rest of its group. */
function schedule(task: JudgeTask): TestCaseSpec[][] {
  const bySeq = [...task.cases].sort((a, b) => a.seq - b.seq);
  if (task.judgeCaseMode !== 'subtask_lowest') return [bySeq];
  const groups = new Map<number, TestCaseSpec[]>();
  for (const c of bySeq) {
    const g = c.groupNum ?? 1;
    groups.set(g, [...(groups.get(g) ?? []), c]);
  }
  return [...groups.values()];
}

async function judgeCases(
  task: JudgeTask,
  box: Box,
  hooks: JudgeHooks,
  spec: LanguageSpec,
  limits: RunLimits,
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const group of schedule(task)) {
    let skipRest = false;
    for (const testCase of group) {
      const result = skipRest
        ? cancelled(testCase)
        : await runCase(spec, box, testCase, limits, task.isRemoveEndBlank);
      results.push(result);
      await hooks.onCase?.(result);
      if (result.status === JudgeStatus.ACCEPTED || result.status === JudgeStatus.CANCELLED) continue;
      if (result.status === JudgeStatus.SYSTEM_ERROR) return results;
      if (task.judgeCaseMode === 'ergodic_without_error') return results;
      if (task.judgeCaseMode === 'subtask_lowest') skipRest = true;
    }
  }
  return results;
}

export async function judgeSubmission(
  task: JudgeTask,
  hooks: JudgeHooks = {},
  options: JudgeOptions = {},
): Promise<JudgeResult> {
  let box: Box | null = null;
  try {
    if (task.judgeMode !== 'default') {
      return errorResult(
        JudgeStatus.SYSTEM_ERROR,
        `judge mode "${task.judgeMode}" is not supported by this judge yet`,
      );
    }
    const spec = await findLanguage(task.language);
    if (!spec)
      return errorResult(
        JudgeStatus.SYSTEM_ERROR,
        `language "${task.language}" is not available on this judge`,
      );
    if (task.cases.length === 0) return errorResult(JudgeStatus.SYSTEM_ERROR, 'the problem has no test data');
    const problem = sandboxProblem();
    if (problem) return errorResult(JudgeStatus.SYSTEM_ERROR, `judge sandbox unavailable: ${problem}`);

    box = await createBox(String(task.submitId), options.boxRoot);
    options.onBox?.(box);
    // Written by the judge before any program runs in the box, so no link can be in the way.
    const source = join(box.boxDir, spec.sourceFile);
    await writeFile(source, task.code, { mode: 0o644, flag: 'wx' });
    await chown(source, box.uid, box.uid);

    await hooks.onCompiling?.();
    const compiled = await compileInBox(spec, box);
    if (!compiled.ok) return errorResult(compiled.status, compiled.message);

    await hooks.onJudging?.();
    const limits = runLimits(task, spec);
    const cases = await judgeCases(task, box, hooks, spec, limits);
    const result = finalResult(
      {
        problemType: task.problemType,
        ioScore: task.ioScore,
        difficulty: task.difficulty,
        judgeCaseMode: task.judgeCaseMode,
        timeLimitMs: limits.timeMs,
        memoryLimitKB: limits.memoryMB * 1024,
      },
      cases,
    );
    const failed = cases.find((c) => c.status === JudgeStatus.SYSTEM_ERROR);
    if (failed) {
      console.error(`judge: submission ${task.submitId} case ${failed.seq}: ${failed.userOutput}`);
      return { ...result, status: JudgeStatus.SYSTEM_ERROR, errorMessage: failed.userOutput };
    }
    return result;
  } catch (err) {
    console.error(`judge: submission ${task.submitId} failed:`, err);
    return errorResult(JudgeStatus.SYSTEM_ERROR, `judge failure: ${(err as Error).message}`);
  } finally {
    if (box) await destroyBox(box).catch((err) => console.error('judge: cannot remove box', err));
  }
}
