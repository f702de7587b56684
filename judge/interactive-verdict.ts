/**
 * Verdict of an interactive case from both sides' accounting (docs/judge.md, Interactive problems).
 * Pure. In order:
 *  1. the pair or a sandbox failed → System Error;
 *  2. the interactor ended first with anything but AC (WA, PE, partial, or its own failure) →
 *     that, even if the contestant then crashed, hung or was killed by SIGPIPE (Kattis' rule);
 *  3. the contestant's own failure: TLE (CPU, or the wall clock: a deadlock or a program that
 *     never flushes), MLE, RE; a contestant killed by SIGPIPE after the interactor rejected it
 *     gets the interactor's verdict instead (HOJ/Hydro);
 *  4. the interactor's verdict (its failure to run properly is a System Error).
 * Time and memory are always the contestant's.
 */
import { constants } from 'node:os';
import { JudgeStatus } from '../shared/constants/judge-status';
import type { CheckerVerdict } from './checker-protocols';
import type { PairResult } from './sandbox/driver';
import { type CaseLimits, decideRun } from './verdict';

export interface InteractiveVerdict {
  status: number;
  message: string | null;
  percentage: number | null;
  time: number;
  memory: number;
}

export function decideInteractive(
  pair: Pick<PairResult, 'error' | 'first' | 'a'>,
  interactor: CheckerVerdict,
  limits: Pick<CaseLimits, 'timeMs' | 'memoryKB'>,
): InteractiveVerdict {
  const user = pair.a;
  const own = decideRun(user, { ...limits, outputBytes: Number.POSITIVE_INFINITY }, 0);
  const time = own.time;
  const memory = own.memory;
  const from = (v: CheckerVerdict): InteractiveVerdict => ({ ...v, time, memory });
  if (pair.error) {
    return {
      status: JudgeStatus.SYSTEM_ERROR,
      message: `judge sandbox failure: ${pair.error}`,
      percentage: null,
      time,
      memory,
    };
  }
  if (own.kind === 'final' && own.status === JudgeStatus.SYSTEM_ERROR) return { ...own, percentage: null };
  if (pair.first === 'b' && interactor.status !== JudgeStatus.ACCEPTED) return from(interactor);
  if (own.kind === 'final') {
    const sigpipe = user.signal === constants.signals.SIGPIPE && own.status === JudgeStatus.RUNTIME_ERROR;
    if (sigpipe && interactor.status !== JudgeStatus.ACCEPTED) return from(interactor);
    return { ...own, percentage: null };
  }
  return from(interactor);
}
