import { ContestStatus, type ContestStatusValue } from '@/shared/constants/contests';

/** The end warning shows once when this many seconds remain. */
export const END_WARNING_SECONDS = 900;
const WEEK_MS = 7 * 86_400_000;

/** A contest's times as the client needs them (ms since the epoch). */
export interface ContestTimes {
  startTime: string;
  endTime: string;
}

/** The contest's state at `now` (the server's clock: local time plus the offset measured on load). */
export function statusAt(c: ContestTimes, now: number): ContestStatusValue {
  if (now < Date.parse(c.startTime)) return ContestStatus.SCHEDULED;
  if (now < Date.parse(c.endTime)) return ContestStatus.RUNNING;
  return ContestStatus.ENDED;
}

/** Progress in percent: 0 when scheduled, 100 when ended, otherwise the elapsed share of the duration. */
export function progressAt(c: ContestTimes, now: number): number {
  const start = Date.parse(c.startTime);
  const end = Date.parse(c.endTime);
  if (now <= start) return 0;
  if (now >= end) return 100;
  return Math.round(((now - start) / (end - start)) * 1000) / 10;
}

/** HH:MM:SS of a span (hours may exceed 24). */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, m, s].map((v) => String(v).padStart(2, '0')).join(':');
}

/**
 * The countdown: '-HH:MM:SS' before the start ('Start At …' when more than a week away), the time left
 * while running, 'Ended' after the end. Returns a kind and the clock text for the caller to word.
 */
export function countdownAt(
  c: ContestTimes,
  now: number,
): { kind: 'startsAt' | 'beforeStart' | 'running' | 'ended'; text: string } {
  const start = Date.parse(c.startTime);
  const end = Date.parse(c.endTime);
  if (now < start) {
    if (start - now > WEEK_MS) return { kind: 'startsAt', text: '' };
    return { kind: 'beforeStart', text: `-${clockText(start - now)}` };
  }
  if (now < end) return { kind: 'running', text: clockText(end - now) };
  return { kind: 'ended', text: '' };
}
