/**
 * The load of tests/api/faults.test.ts: submissions planned with the verdict each must get, users
 * submitting them over HTTP while faults happen, a reader polling the board and statuses, and a
 * tally of every answer (acknowledged, refused, no connection, 5xx).
 */
import { ApiError } from '../../shared/api/client';
import { JudgeStatus } from '../../shared/constants/judge-status';
import { A_PLUS_B, type TestClient } from './api';

export type Kind = 'AC' | 'WA' | 'CE' | 'TLE';
export type Language = 'C' | 'Python3';

/** What each kind of program must be judged: nothing borderline (A+B runs in milliseconds, the loop never ends). */
export const EXPECTED: Record<Kind, number> = {
  AC: JudgeStatus.ACCEPTED,
  WA: JudgeStatus.WRONG_ANSWER,
  CE: JudgeStatus.COMPILE_ERROR,
  TLE: JudgeStatus.TIME_LIMIT_EXCEEDED,
};

export interface Planned {
  index: number;
  kind: Kind;
  language: Language;
  /** the submitter's username */
  user: string;
  /** a contest submission (the contest's A is the sum problem, B the loop problem) */
  contest: boolean;
}

/** One tag per try: the code carries it, so every stored row is traced back to what was sent. */
const TAG = /(?:\/\*|#) faults:([\w-]+)/;
export const tagOf = (code: string): string | null => TAG.exec(code)?.[1] ?? null;

const SOURCES: Record<Language, Record<Kind, string>> = {
  C: {
    AC: A_PLUS_B.C ?? '',
    WA: '#include <stdio.h>\nint main(void){long long a,b;if(scanf("%lld %lld",&a,&b)!=2)return 1;printf("%lld\\n",a+b+1);return 0;}\n',
    CE: 'int main(void){return undeclared_name;}\n',
    TLE: 'int main(void){volatile unsigned long n=0;for(;;)n++;}\n',
  },
  Python3: {
    AC: A_PLUS_B.Python3 ?? '',
    WA: 'a, b = map(int, input().split())\nprint(a + b + 1)\n',
    CE: 'def broken(:\n    pass\n',
    TLE: 'while True:\n    pass\n',
  },
};

export function sourceOf(p: Planned, tag: string): string {
  const comment = p.language === 'C' ? `/* faults:${tag} */` : `# faults:${tag}`;
  return `${SOURCES[p.language][p.kind]}${comment}\n`;
}

/** Per ten: 5 AC, 3 WA, 1 CE, 1 TLE; C and Python 3 alike; 4 in 10 in the contest. */
const PATTERN: Kind[] = ['AC', 'WA', 'AC', 'CE', 'AC', 'WA', 'TLE', 'AC', 'WA', 'AC'];

export function planSubmissions(count: number, publicUsers: string[], contestUsers: string[]): Planned[] {
  return Array.from({ length: count }, (_, index) => {
    const contest = index % 5 === 1 || index % 5 === 3;
    const users = contest ? contestUsers : publicUsers;
    return {
      index,
      kind: PATTERN[index % PATTERN.length] ?? 'AC',
      language: (Math.floor(index / 10) + index) % 2 === 0 ? 'C' : 'Python3',
      user: users[Math.floor(index / 5) % users.length] ?? '',
      contest,
    };
  });
}

/** Every answer the load and the reader got, by what it was. */
export class Tally {
  acknowledged = 0;
  /** no answer while the test had the server down (refused or cut connections) */
  networkWhileDown = 0;
  /** no answer while the server was up: must stay 0 */
  networkWhileUp: string[] = [];
  /** 5xx answers: none but what a cut database connection may cause (faults.test.ts) */
  serverErrors: { what: string; status: number; msg: string }[] = [];
  /** 4xx answers other than the contest's burst limit */
  refused: string[] = [];
  tooFast = 0;
  reads = 0;

  record(err: unknown, what: string, down: boolean): void {
    if (!(err instanceof ApiError)) throw err;
    if (err.kind !== 'status') {
      if (down) this.networkWhileDown++;
      else this.networkWhileUp.push(`${what}: ${err.kind}`);
    } else if (err.httpStatus >= 500)
      this.serverErrors.push({ what, status: err.httpStatus, msg: err.message });
    else if (err.httpStatus === 429) this.tooFast++;
    else this.refused.push(`${what}: ${err.httpStatus} ${err.message}`);
  }
}

export interface SentTry {
  tag: string;
  planned: Planned;
  /** the id the server answered with; null: no answer (the row may exist all the same) */
  submitId: number | null;
}

export interface LoadOptions {
  plan: Planned[];
  clientOf(user: string): TestClient;
  /** the problem ids (public) and the contest, as the server numbered them */
  sumProblem: string;
  loopProblem: string;
  cid: number;
  /** parallel submitters */
  concurrency: number;
  /** how many acknowledged submissions may wait unjudged: keeps submissions coming during the faults */
  backlog: number;
  /** how many of this run's submissions are judged (read by the test from the database) */
  judged(): number;
  /** whether the test has the server down now */
  down(): boolean;
  tally: Tally;
  /** every try, as it is made (the reader polls the acknowledged ones) */
  sent: SentTry[];
  /** true once the run is abandoned (a failure): the submitters stop */
  abandoned(): boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Submits every planned submission until the server acknowledges it. A try without an answer is
 * made again under a new tag, as a user submits again; the first may still exist (stored before
 * the server died), and the checks judge it like any other.
 */
export async function submitAll(o: LoadOptions): Promise<void> {
  const { sent } = o;
  let next = 0;
  const submitter = async () => {
    for (;;) {
      const planned = o.plan[next++];
      if (!planned) return;
      for (let attempt = 1; ; attempt++) {
        while (o.tally.acknowledged - o.judged() >= o.backlog && !o.abandoned()) await sleep(50);
        if (o.abandoned()) return;
        const tag = `${planned.index}-${attempt}`;
        const entry: SentTry = { tag, planned, submitId: null };
        sent.push(entry);
        const client = o.clientOf(planned.user);
        const down = o.down();
        try {
          const pid = planned.contest
            ? planned.kind === 'TLE'
              ? 'B'
              : 'A'
            : planned.kind === 'TLE'
              ? o.loopProblem
              : o.sumProblem;
          const sub = await client.api.submitProblemJudge({
            pid,
            language: planned.language,
            code: sourceOf(planned, tag),
            ...(planned.contest ? { cid: o.cid } : {}),
          });
          entry.submitId = sub.submitId;
          o.tally.acknowledged++;
          break;
        } catch (err) {
          o.tally.record(err, `submit ${tag}`, down || o.down());
          // the contest's burst limit says how long to wait; a server that is down is tried again soon
          const wait =
            err instanceof ApiError && err.httpStatus === 429
              ? Number((err.data as { seconds?: number } | null)?.seconds ?? 1) * 1000
              : 500;
          await sleep(wait);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: o.concurrency }, submitter));
}

/**
 * A reader, as the pages that poll do: the contest board and the status of recent submissions,
 * until stopped. Its answers go to the tally like the submitters'.
 */
export function startReader(o: {
  client: TestClient;
  cid: number;
  recent(): number[];
  down(): boolean;
  tally: Tally;
}): { stop(): Promise<void> } {
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const down = o.down();
      try {
        await o.client.api.getContestRank({ cid: o.cid, limit: 50 });
        const ids = o.recent();
        if (ids.length > 0) await o.client.api.checkSubmissionsStatus(ids);
        o.tally.reads++;
      } catch (err) {
        o.tally.record(err, 'read', down || o.down());
      }
      await sleep(300);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
    },
  };
}
