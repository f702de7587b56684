/**
 * What a checker or interactor said, per protocol (docs/judge.md, Special judge). Pure: the caller
 * runs the program and hands over its exit and texts.
 *
 *  - testlib: exit 0 AC, 1 WA, 2/4/8 PE, 3 FAIL (System Error), 7 points ("points X" on stderr);
 *    any other exit: the stderr prefix decides ("ok", "wrong answer", "wrong output format",
 *    "FAIL", "points X", "partially correct (n)"), else System Error.
 *  - hoj: exit 0/100 AC, 101 PE, 102 WA, 103 System Error, 99 partial with the percentage on
 *    stdout; other exits: the testlib text on stderr, HOJ's way ("wrong output format" is WA with
 *    a "[may be a presentation error]" note), else System Error.
 *  - kattis: exit 42 AC, 43 WA, anything else System Error; judgemessage.txt (or teammessage.txt)
 *    is the message; on OI problems score_multiplier.txt (a fraction) or score.txt (points of the
 *    case) makes a partial result.
 *
 * Points and percentages follow HOJ: "points X" and "partially correct (X)" are X percent of the
 * case's score; 100 or more is AC.
 */
import { JudgeStatus } from '../shared/constants/judge-status';

export interface CheckerVerdict {
  status: number;
  /** Partial Accepted: the fraction (0..1) of the case's score */
  percentage: number | null;
  /** the case's message (HOJ stores it in user_output) */
  message: string | null;
}

export interface CheckerExit {
  exitCode: number | null;
  signal: number | null;
  stdout: string;
  stderr: string;
}

export interface KattisFeedback {
  judgeMessage: string;
  teamMessage: string;
  /** contents of score.txt / score_multiplier.txt, null when absent */
  score: string | null;
  scoreMultiplier: string | null;
}

/** Characters of a checker's message kept for the case (HOJ: the first 1024). */
export const CHECKER_MESSAGE_CHARS = 1024;

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

export function messageOf(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? trimmed.slice(0, CHECKER_MESSAGE_CHARS) : null;
}

function verdict(status: number, message: string | null, percentage: number | null = null): CheckerVerdict {
  return { status, percentage, message };
}

/** A fraction of the case's score: 1 or more is AC, otherwise Partial Accepted (never below 0). */
function partial(fraction: number, message: string | null): CheckerVerdict {
  if (!Number.isFinite(fraction))
    return verdict(JudgeStatus.SYSTEM_ERROR, `checker gave a bad score: ${message ?? ''}`);
  if (fraction >= 1) return verdict(JudgeStatus.ACCEPTED, message);
  return verdict(JudgeStatus.PARTIAL_ACCEPTED, message, Math.max(0, fraction));
}

function parseNumber(text: string | undefined): number {
  return text !== undefined && NUMBER.test(text) ? Number(text) : Number.NaN;
}

/**
 * The testlib result text at the start of stderr, or null when it is none of the known ones.
 * `hojStyle`: "wrong output format" is WA with a note (HOJ) instead of PE (testlib).
 */
export function parseTestlibText(stderr: string, hojStyle = false): CheckerVerdict | null {
  const text = stderr.trimStart();
  const message = messageOf(stderr);
  const starts = (prefix: string) =>
    text.startsWith(prefix) && (text.length === prefix.length || /[\s:.,(]/.test(text[prefix.length]));
  if (starts('ok')) return verdict(JudgeStatus.ACCEPTED, message);
  if (starts('wrong answer')) return verdict(JudgeStatus.WRONG_ANSWER, message);
  if (starts('wrong output format') || starts('unexpected eof')) {
    return hojStyle
      ? verdict(JudgeStatus.WRONG_ANSWER, `[may be a presentation error] ${message ?? ''}`.trim())
      : verdict(JudgeStatus.PRESENTATION_ERROR, message);
  }
  if (starts('FAIL')) return verdict(JudgeStatus.SYSTEM_ERROR, message);
  const points = /^points\s+(\S+)/.exec(text);
  if (points) return partial(parseNumber(points[1]) / 100, message);
  const pc = /^partially correct\s*\(\s*([^)\s]+)\s*\)/.exec(text);
  if (pc) return partial(parseNumber(pc[1]) / 100, message);
  return null;
}

function failed(what: string, run: CheckerExit): CheckerVerdict {
  const how = run.signal !== null ? `was killed by signal ${run.signal}` : `exited with code ${run.exitCode}`;
  const detail = messageOf(run.stderr);
  return verdict(JudgeStatus.SYSTEM_ERROR, `${what} ${how}${detail ? `: ${detail}` : ''}`);
}

export function decodeTestlib(run: CheckerExit, what = 'checker'): CheckerVerdict {
  const message = messageOf(run.stderr);
  if (run.signal !== null) return failed(what, run);
  switch (run.exitCode) {
    case 0:
      return verdict(JudgeStatus.ACCEPTED, message);
    case 1:
      return verdict(JudgeStatus.WRONG_ANSWER, message);
    case 2:
    case 4:
    case 8:
      return verdict(JudgeStatus.PRESENTATION_ERROR, message);
    case 3:
      return failed(what, run);
    case 7: {
      const points = /^\s*points\s+(\S+)/.exec(run.stderr);
      if (!points)
        return verdict(JudgeStatus.SYSTEM_ERROR, `${what} exited with 7 (points) without "points X"`);
      return partial(parseNumber(points[1]) / 100, message);
    }
    default:
      return parseTestlibText(run.stderr) ?? failed(what, run);
  }
}

export function decodeHoj(run: CheckerExit, what = 'checker'): CheckerVerdict {
  const message = messageOf(run.stderr);
  if (run.signal === null) {
    switch (run.exitCode) {
      case 0:
      case 100:
        return verdict(JudgeStatus.ACCEPTED, message);
      case 101:
        return verdict(JudgeStatus.PRESENTATION_ERROR, message);
      case 102:
        return verdict(JudgeStatus.WRONG_ANSWER, message);
      case 103:
        return failed(what, run);
      case 99: {
        const p = parseNumber(run.stdout.trim().split(/\s+/)[0]);
        if (!(p >= 0 && p <= 100)) {
          return verdict(
            JudgeStatus.SYSTEM_ERROR,
            `${what} exited with 99 without a percentage (0-100) on stdout`,
          );
        }
        return partial(p / 100, message);
      }
    }
  }
  if (!run.stderr.trim()) return failed(what, run);
  return parseTestlibText(run.stderr, true) ?? failed(what, run);
}

export function decodeKattis(
  run: Pick<CheckerExit, 'exitCode' | 'signal' | 'stderr'>,
  feedback: KattisFeedback,
  scoring: { oi: boolean; caseScore: number },
  what = 'output validator',
): CheckerVerdict {
  const message = messageOf(feedback.judgeMessage) ?? messageOf(feedback.teamMessage);
  if (run.signal === null && run.exitCode === 43) return verdict(JudgeStatus.WRONG_ANSWER, message);
  if (run.signal !== null || run.exitCode !== 42) {
    const f = failed(what, { ...run, stdout: '' });
    return message ? { ...f, message: `${f.message} (${message})` } : f;
  }
  if (!scoring.oi) return verdict(JudgeStatus.ACCEPTED, message);
  if (feedback.scoreMultiplier !== null)
    return partial(parseNumber(feedback.scoreMultiplier.trim()), message);
  if (feedback.score !== null && scoring.caseScore > 0) {
    return partial(parseNumber(feedback.score.trim()) / scoring.caseScore, message);
  }
  return verdict(JudgeStatus.ACCEPTED, message);
}
