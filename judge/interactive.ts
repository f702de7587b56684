/**
 * One interactive case: the contestant's program and the interactor run at the same time, each
 * in its own sandbox (own uid, cgroups, namespaces), joined by two pipes the supervisor creates
 * (runPairInSandbox; never proxied through Node). The interactor gets twice the contestant's
 * limits and the case files under /judge:
 *
 *   testlib: interactor /judge/input /judge/tout /judge/answer      (exit 0 OK, 1 WA, 2 PE, 3 FAIL, 7 points)
 *   hoj:     interactor /judge/input /judge/tout /judge/answer      (HOJ's codes; tout is its "user_output")
 *   kattis:  validator  /judge/input /judge/answer /judge/feedback/ [flags]   (42 AC, 43 WA)
 *
 * With a testlib interactor and a checker configured too (Polygon style), an accepted interaction
 * is then checked as `checker input tout answer`.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { JudgeStatus } from '../shared/constants/judge-status';
import { type CaseOutcome, caseOutcome } from './case-outcome';
import { type CheckerContext, decodeProgram, programRunOptions, runChecker } from './checker';
import { IN_BOX, stageJudgeFiles } from './checker-files';
import type { CheckerVerdict } from './checker-protocols';
import { decideInteractive } from './interactive-verdict';
import { expandCommand, type LanguageSpec } from './languages';
import { INTERACTOR_FACTOR, INTERACTOR_MIN_MEMORY_MB, RUN_LIMITS, type RunLimits } from './limits';
import { regularFileSize } from './safe-files';
import type { Box } from './sandbox/boxes';
import { type PairResult, type PairSide, runPairInSandbox } from './sandbox/driver';
import type { CheckerProtocol, TestCaseSpec } from './types';

/** Exit codes of an interactor that accept the contestant (its read end then stays open). */
const OK_EXITS: Record<CheckerProtocol, number[]> = { testlib: [0], hoj: [0, 100], kattis: [42] };

export interface InteractiveContext {
  spec: LanguageSpec;
  /** the contestant's box */
  box: Box;
  limits: RunLimits;
  /** the interactor (its box, compiled program, scoring) */
  interactor: CheckerContext;
  /** optional checker of the interactor's tout (testlib interactors only) */
  checker: CheckerContext | null;
  /** both sides' accounting, for logs and tests */
  onPair?(seq: number, pair: PairResult): void;
}

function userSide(ctx: InteractiveContext): PairSide {
  const { spec, box, limits } = ctx;
  return {
    argv: expandCommand(spec.run, {
      memoryMB: limits.memoryMB,
      stackMB: Math.min(limits.stackMB, RUN_LIMITS.maxRuntimeStackMB),
    }),
    boxDir: box.boxDir,
    uid: box.uid,
    stderrPath: null,
    cpuMs: limits.cpuMs,
    wallMs: limits.wallMs,
    memoryKB: limits.cgroupMemoryKB,
    tmpKB: RUN_LIMITS.tmpMB * 1024,
    pids: limits.pids,
    outputBytes: RUN_LIMITS.minOutputBytes,
    stackKB: limits.stackMB * 1024,
    addressSpaceKB: limits.addressSpaceKB,
    env: spec.env,
    binds: spec.binds,
    dirs: spec.dirs,
  };
}

export async function runInteractiveCase(
  ctx: InteractiveContext,
  testCase: TestCaseSpec,
): Promise<CaseOutcome> {
  const { interactor, limits } = ctx;
  const protocol = interactor.compiled.program.protocol;
  const kattis = protocol === 'kattis';
  const tag = `interact-${testCase.seq}`;
  if (
    (await regularFileSize(testCase.inputPath)) === null ||
    (await regularFileSize(testCase.outputPath)) === null
  ) {
    const message = `missing test data for case ${testCase.seq}`;
    return caseOutcome(testCase, { status: JudgeStatus.SYSTEM_ERROR, message, time: 0, memory: 0 });
  }
  const staged = await stageJudgeFiles(interactor.box, tag, {
    inputPath: testCase.inputPath,
    answerPath: testCase.outputPath,
    tout: !kattis,
    feedback: kattis,
  });
  const stderrPath = join(interactor.box.ioDir, `${tag}.stderr`);
  try {
    const args = kattis
      ? [IN_BOX.input, IN_BOX.answer, IN_BOX.feedback, ...interactor.extraArgs]
      : [IN_BOX.input, IN_BOX.tout, IN_BOX.answer];
    const side: PairSide = {
      ...programRunOptions(interactor.compiled, interactor.box, args, {
        cpuMs: INTERACTOR_FACTOR * limits.cpuMs,
        wallMs: INTERACTOR_FACTOR * limits.wallMs,
        memoryMB: Math.max(INTERACTOR_FACTOR * limits.memoryMB, INTERACTOR_MIN_MEMORY_MB),
      }),
      stderrPath,
      mounts: staged.mounts,
    };
    const pair = await runPairInSandbox(userSide(ctx), side, OK_EXITS[protocol]);
    ctx.onPair?.(testCase.seq, pair);
    const said: CheckerVerdict = await decodeProgram(
      protocol,
      'interactor',
      pair.b,
      { stdoutPath: null, stderrPath, feedbackDir: staged.feedbackDir },
      { oi: interactor.oi, caseScore: testCase.score },
    );
    const v = decideInteractive(pair, said, { timeMs: limits.timeMs, memoryKB: limits.memoryMB * 1024 });
    if (v.status === JudgeStatus.ACCEPTED && ctx.checker && staged.toutPath && protocol === 'testlib') {
      const checked = await runChecker(ctx.checker, {
        seq: testCase.seq,
        inputPath: testCase.inputPath,
        answerPath: testCase.outputPath,
        userOutputPath: staged.toutPath,
        caseScore: testCase.score,
      });
      return caseOutcome(testCase, { ...checked, time: v.time, memory: v.memory });
    }
    return caseOutcome(testCase, v);
  } finally {
    await staged.cleanup();
    await rm(stderrPath, { force: true });
  }
}
