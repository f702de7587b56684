/**
 * One test case: run the compiled program on the case input in a fresh sandbox, decide the
 * verdict, compare the output when it ran cleanly.
 */
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { JudgeStatus } from '../shared/constants/judge-status';
import { compareFiles } from './compare';
import { expandCommand, type LanguageSpec } from './languages';
import { outputCap, RUN_LIMITS, type RunLimits } from './limits';
import type { Box } from './sandbox/boxes';
import { runInSandbox } from './sandbox/driver';
import type { CaseResult, TestCaseSpec } from './types';
import { decideRun } from './verdict';

async function fileSize(path: string): Promise<number | null> {
  try {
    const st = await stat(path);
    return st.isFile() ? st.size : null;
  } catch {
    return null;
  }
}

export async function runCase(
  spec: LanguageSpec,
  box: Box,
  testCase: TestCaseSpec,
  limits: RunLimits,
  removeEndBlank: boolean,
): Promise<CaseResult> {
  const base = { seq: testCase.seq, caseId: testCase.caseId, groupNum: testCase.groupNum };
  const systemError = (message: string): CaseResult => ({
    ...base,
    status: JudgeStatus.SYSTEM_ERROR,
    time: 0,
    memory: 0,
    score: 0,
    userOutput: message,
  });
  const expectedSize = await fileSize(testCase.outputPath);
  if (expectedSize === null || (await fileSize(testCase.inputPath)) === null) {
    return systemError(`missing test data for case ${testCase.seq}`);
  }
  const outputBytes = outputCap(expectedSize);
  const stdoutPath = join(box.ioDir, `${testCase.seq}.out`);
  try {
    const run = await runInSandbox({
      argv: expandCommand(spec.run, {
        memoryMB: limits.memoryMB,
        stackMB: Math.min(limits.stackMB, RUN_LIMITS.maxRuntimeStackMB),
      }),
      boxDir: box.boxDir,
      uid: box.uid,
      stdinPath: testCase.inputPath,
      stdoutPath,
      stderrPath: null,
      cpuMs: limits.cpuMs,
      wallMs: limits.wallMs,
      memoryKB: limits.cgroupMemoryKB,
      tmpKB: RUN_LIMITS.tmpMB * 1024,
      pids: limits.pids,
      outputBytes,
      stackKB: limits.stackMB * 1024,
      addressSpaceKB: limits.addressSpaceKB,
      env: spec.env,
      binds: spec.binds,
      dirs: spec.dirs,
    });
    const verdict = decideRun(
      run,
      { timeMs: limits.timeMs, memoryKB: limits.memoryMB * 1024, outputBytes },
      (await fileSize(stdoutPath)) ?? 0,
    );
    if (verdict.kind === 'final') {
      return {
        ...base,
        status: verdict.status,
        time: verdict.time,
        memory: verdict.memory,
        score: 0,
        userOutput: verdict.message,
      };
    }
    // compareFiles opens with O_NOFOLLOW even though this file lives outside the box.
    const outcome = await compareFiles(stdoutPath, testCase.outputPath, removeEndBlank);
    const status =
      outcome === 'AC'
        ? JudgeStatus.ACCEPTED
        : outcome === 'PE'
          ? JudgeStatus.PRESENTATION_ERROR
          : JudgeStatus.WRONG_ANSWER;
    return {
      ...base,
      status,
      time: verdict.time,
      memory: verdict.memory,
      score: status === JudgeStatus.ACCEPTED ? testCase.score : 0,
      userOutput: null,
    };
  } finally {
    await rm(stdoutPath, { force: true });
  }
}
