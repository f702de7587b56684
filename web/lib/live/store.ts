import { create } from 'zustand';
import { isInProgress } from '@/shared/constants/judge-status';
import type { LiveCaseEvent, LiveQueueEvent, LiveSubmissionEvent } from '@/shared/constants/live';

/** What the stream last said of one of the user's submissions. */
export type PushedSubmission = LiveSubmissionEvent & {
  /** cases judged so far (while Judging) */
  casesDone?: number;
};

export interface LiveState {
  /** the stream is open (or being resumed within the grace period): polling of what it carries rests */
  healthy: boolean;
  /** the contest the open stream watches (from its hello) */
  watching: number | null;
  /** the user's submissions as the stream told them, by submit id; empty while not healthy */
  submissions: Record<number, PushedSubmission>;
}

/** The tab's live state, written by the connection (connection.ts), read through hooks.ts. */
export const useLiveStore = create<LiveState>(() => ({ healthy: false, watching: null, submissions: {} }));

const STAGES = new Set([6, 7]);

/** A pushed status; a stage report that arrives after the verdict (two replicas racing) is ignored. */
export function applySubmission(e: LiveSubmissionEvent): void {
  useLiveStore.setState((s) => {
    const known = s.submissions[e.submitId];
    if (known && !isInProgress(known.status) && STAGES.has(e.status)) return s;
    return { submissions: { ...s.submissions, [e.submitId]: { ...known, ...e } } };
  });
}

export function applyQueue(e: LiveQueueEvent): void {
  useLiveStore.setState((s) => {
    const known = s.submissions[e.submitId];
    if (known && known.status !== 5) return s;
    const base: PushedSubmission = known ?? {
      submitId: e.submitId,
      cid: e.cid,
      status: 5,
      time: null,
      memory: null,
      score: null,
      queuePosition: null,
      queueEtaSeconds: null,
    };
    return {
      submissions: {
        ...s.submissions,
        [e.submitId]: { ...base, queuePosition: e.queuePosition, queueEtaSeconds: e.queueEtaSeconds },
      },
    };
  });
}

export function applyCase(e: LiveCaseEvent): void {
  useLiveStore.setState((s) => {
    const known = s.submissions[e.submitId];
    if (!known || !isInProgress(known.status)) return s;
    return { submissions: { ...s.submissions, [e.submitId]: { ...known, casesDone: e.done } } };
  });
}
