import { useEffect, useRef } from 'react';
import type { LiveEvent, LiveEventName } from '@/shared/constants/live';
import { type PushedSubmission, useLiveStore } from './store';
import { demandLive, onLiveEvent, watchLiveContest } from './wishes';

/** Whether the tab's stream is healthy: while it is, what it carries is not polled. */
export function useLiveHealthy(): boolean {
  return useLiveStore((s) => s.healthy);
}

/** Whether the healthy stream watches this contest (its board and announcements arrive pushed). */
export function useLiveWatching(cid: number | null | undefined): boolean {
  return useLiveStore((s) => s.healthy && cid != null && s.watching === cid);
}

/** The user's submissions as the stream last told them (empty while it is not healthy). */
export function usePushedSubmissions(): Record<number, PushedSubmission> {
  return useLiveStore((s) => s.submissions);
}

/** Calls `handler` with each event of `kind` while mounted (the latest handler; no resubscribing). */
export function useLiveEvent<K extends LiveEventName>(
  kind: K,
  handler: (event: Extract<LiveEvent, { kind: K }>) => void,
): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(
    () => onLiveEvent(kind, (event) => ref.current(event as Extract<LiveEvent, { kind: K }>)),
    [kind],
  );
}

/** The screen needs the stream while `active` (its data would otherwise be polled every few seconds). */
export function useLiveDemand(active: boolean): void {
  useEffect(() => (active ? demandLive() : undefined), [active]);
}

/** The stream watches this contest while the screen is mounted (0 or null: none). */
export function useLiveContest(cid: number | null | undefined): void {
  useEffect(() => (cid ? watchLiveContest(cid) : undefined), [cid]);
}

/** A row with what the stream said of it laid over (status, time, memory, score, queue place). */
export function withPushed<
  T extends {
    submitId: number;
    status: number;
    time: number | null;
    memory: number | null;
    score: number | null;
  },
>(row: T, pushed: Record<number, PushedSubmission>): T {
  const p = pushed[row.submitId];
  if (!p) return row;
  const waiting = p.queuePosition !== null;
  return {
    ...row,
    status: p.status,
    time: p.time,
    memory: p.memory,
    score: p.score,
    queuePosition: waiting ? p.queuePosition : undefined,
    queueEtaSeconds: waiting ? p.queueEtaSeconds : undefined,
  };
}
