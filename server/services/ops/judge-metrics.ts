/**
 * Verdicts, compile times and run times, from the judge queue's events (the in-process pool and
 * remote judges report through the same queue). Compile time is what this server sees between
 * a judge's Compiling and Judging reports (or its compile error): with several replicas, the one
 * that received both reports observes it.
 */
import { LRUCache } from 'lru-cache';
import { JudgeStatus, type JudgeStatusCode, STATUS_INFO } from '../../../shared/constants/judge-status';
import type { JudgeEvents } from '../judge-queue/events';
import type { ServerMetrics } from './metrics';

interface Stages {
  compiling?: number;
  running?: number;
}

/** The status label: HOJ's short name (ac, wa, tle ...), the number for a code outside the table. */
export function statusLabel(status: number): string {
  return STATUS_INFO[status as JudgeStatusCode]?.short ?? String(status);
}

/** Subscribes the metrics to the queue's events; returns the unsubscribe. */
export function observeJudging(events: JudgeEvents, metrics: ServerMetrics): () => void {
  // attempts whose verdict this process may never see (reported to another replica) age out
  const stages = new LRUCache<string, Stages>({ max: 10_000 });
  const keyOf = (submitId: number, attempt: number) => `${submitId}:${attempt}`;
  const offStage = events.on('stage', ({ submitId, attempt, status }) => {
    const key = keyOf(submitId, attempt);
    const seen = stages.get(key) ?? {};
    if (status === JudgeStatus.COMPILING) seen.compiling ??= Date.now();
    else seen.running ??= Date.now();
    stages.set(key, seen);
  });
  const offJudged = events.on('judged', (event) => {
    if (event.manual) return;
    const language = event.language ?? 'unknown';
    metrics.verdicts.inc({ status: statusLabel(event.status), language });
    for (const ms of event.caseTimes ?? []) metrics.runSeconds.observe({ language }, ms / 1000);
    if (event.attempt === undefined) return;
    const key = keyOf(event.submitId, event.attempt);
    const seen = stages.get(key);
    stages.delete(key);
    if (seen?.compiling === undefined) return;
    const compiled = seen.running ?? Date.now();
    metrics.compileSeconds.observe({ language }, Math.max(0, compiled - seen.compiling) / 1000);
  });
  return () => {
    offStage();
    offJudged();
  };
}
