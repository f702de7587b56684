/**
 * What happens to judging work, told to whoever keeps a copy of something it changes: caches,
 * scoreboards, and later push channels. The queue emits; the app subscribes once where it is
 * assembled (server/app.ts), so no route or service has to remember which caches a verdict
 * touches (docs/architecture.md, A submission's life).
 */

/** One submission, as the listeners of its events need it. */
export interface SubmissionRef {
  submitId: number;
  /** the problem's database id */
  pid: number;
  /** the contest (0 outside contests) */
  cid: number;
  uid: string;
}

export interface JudgeEventMap {
  /** a new submission is in the queue */
  submitted: SubmissionRef;
  /**
   * a submission has its verdict: from a judge, or set by hand (`manual`), with its language; a
   * judge's verdict carries its attempt and the CPU time of each case it ran, in ms (`caseTimes`)
   */
  judged: SubmissionRef & {
    status: number;
    manual: boolean;
    language?: string;
    attempt?: number;
    caseTimes?: readonly number[];
  };
  /** a judge started compiling (6) or running the cases (7) of a submission's attempt */
  stage: { submitId: number; attempt: number; status: 6 | 7 };
  /** a judge reported one more case of a submission's attempt (`seq`: the case's number) */
  caseJudged: { submitId: number; attempt: number; seq: number };
  /** submissions went back to the queue, their results cleared (rejudge, resubmit) */
  requeued: { submissions: SubmissionRef[] };
  /** a submission was cancelled by an administrator */
  cancelled: SubmissionRef;
  /** a test run is in the queue */
  testQueued: { testKey: string; uid: string };
  /**
   * A problem's statement, limits or visibility changed (`problemId`, its display id, or every
   * problem when absent); `visibility` when who may see it changed.
   */
  problemChanged: { problemId?: string; visibility: boolean };
}

export type JudgeEventName = keyof JudgeEventMap;
type Listener<K extends JudgeEventName> = (event: JudgeEventMap[K]) => void;

/**
 * A typed event bus. Listeners run synchronously, in order of subscription; one that throws is
 * reported and does not stop the others or the work that emitted the event.
 */
export class JudgeEvents {
  private readonly listeners = new Map<JudgeEventName, Listener<never>[]>();

  constructor(private readonly onListenerError: (err: unknown, name: JudgeEventName) => void = () => {}) {}

  on<K extends JudgeEventName>(name: K, listener: Listener<K>): () => void {
    const list = this.listeners.get(name) ?? [];
    this.listeners.set(name, list);
    list.push(listener as Listener<never>);
    return () => {
      const at = list.indexOf(listener as Listener<never>);
      if (at >= 0) list.splice(at, 1);
    };
  }

  emit<K extends JudgeEventName>(name: K, event: JudgeEventMap[K]): void {
    for (const listener of [...(this.listeners.get(name) ?? [])] as Listener<K>[]) {
      try {
        listener(event);
      } catch (err) {
        this.onListenerError(err, name);
      }
    }
  }
}
