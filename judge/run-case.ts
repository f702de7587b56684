/**
 * One test case: run the compiled program on the case input in the submission's persistent box
 * (clean at the start of every run), decide the verdict, and judge the output (comparison,
 * validator flags or checker) when it ran cleanly.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { JudgeStatus } from '../shared/constants/judge-status';
import { type CaseOutcome, caseOutcome } from './case-outcome';
import type { FileIOSession } from './file-io-mounts';
import { expandCommand, type LanguageSpec } from './languages';
import { outputCap, RUN_LIMITS, type RunLimits } from './limits';
import type { OutputJudge } from './output-judges';
import { regularFileSize } from './safe-files';
import type { Box } from './sandbox/boxes';
import type { PersistentSandbox } from './sandbox/persistent';
import type { TestCaseSpec } from './types';
import { decideRun } from './verdict';

export interface RunContext {
  spec: LanguageSpec;
  box: Box;
  limits: RunLimits;
  judgeOutput: OutputJudge;
  /** the box all cases run in */
  sandbox: PersistentSandbox;
  fileIO: FileIOSession | null;
}

export async function runCase(ctx: RunContext, testCase: TestCaseSpec): Promise<CaseOutcome> {
  const { spec, box, limits } = ctx;
  const systemError = (message: string) =>
    caseOutcome(testCase, { status: JudgeStatus.SYSTEM_ERROR, message, time: 0, memory: 0 });
  const expectedSize = await regularFileSize(testCase.outputPath);
  if (expectedSize === null || (await regularFileSize(testCase.inputPath)) === null) {
    return systemError(`missing test data for case ${testCase.seq}`);
  }
  const outputBytes = outputCap(expectedSize);
  const stdoutPath = join(box.ioDir, `${testCase.seq}.out`);
  const fileIO = ctx.fileIO;
  const outputPath = fileIO?.outputPath ?? stdoutPath;
  try {
    await fileIO?.stage(testCase.inputPath);
    const run = await ctx.sandbox.run({
      argv: expandCommand(spec.run, {
        memoryMB: limits.memoryMB,
        stackMB: Math.min(limits.stackMB, RUN_LIMITS.maxRuntimeStackMB),
      }),
      stdinPath: fileIO ? null : testCase.inputPath,
      stdoutPath: fileIO ? null : stdoutPath,
      stderrPath: null,
      cpuMs: limits.cpuMs,
      wallMs: limits.wallMs,
      outputBytes,
      stackKB: limits.stackMB * 1024,
      addressSpaceKB: limits.addressSpaceKB,
    });
    const size = await regularFileSize(outputPath);
    const verdict = decideRun(
      run,
      { timeMs: limits.timeMs, memoryKB: limits.memoryMB * 1024, outputBytes },
      size ?? 0,
    );
    if (verdict.kind === 'final') return caseOutcome(testCase, verdict);
    // Not a regular file any more (cannot happen with judge-created files; never followed anyway).
    if (size === null) return systemError(`the program's output file for case ${testCase.seq} vanished`);
    const judged = await ctx.judgeOutput(testCase, outputPath);
    return caseOutcome(testCase, { ...judged, time: verdict.time, memory: verdict.memory });
  } finally {
    await rm(stdoutPath, { force: true });
  }
}
