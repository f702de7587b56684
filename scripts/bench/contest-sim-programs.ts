/**
 * What the simulated contestants submit and what the stand-in judge answers for it. A source says
 * which verdict it was written to get in a marker comment, so the judge needs no shared state with
 * the contestant that sent it (the claim may arrive before the submit's answer does).
 */

import { finalResult } from '../../judge/scoring';
import type { CaseResult, JudgeResult } from '../../judge/types';
import type { WireJudgeTask } from '../../judge/worker-protocol';
import { JudgeStatus } from '../../shared/constants/judge-status';

export type Intent = 'ac' | 'wa' | 'tle' | 'ce';
export type SimLanguage = 'C++' | 'Python3';
export const SIM_LANGUAGES: readonly SimLanguage[] = ['C++', 'Python3'];

/** The mix of a contest's submissions: mostly right or wrong answers, some too slow, a few not compiling. */
const INTENTS: readonly [Intent, number][] = [
  ['ac', 0.45],
  ['wa', 0.3],
  ['tle', 0.15],
  ['ce', 0.1],
];
const CPP_SHARE = 0.7;

/** mulberry32: small, seeded, and as random in its low bits as in its high ones */
export function seededRandom(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pickIntent(random: () => number): Intent {
  let r = random();
  for (const [intent, share] of INTENTS) {
    if (r < share) return intent;
    r -= share;
  }
  return 'ac';
}

export function pickLanguage(random: () => number): SimLanguage {
  return random() < CPP_SHARE ? 'C++' : 'Python3';
}

const CPP: Record<Intent, string> = {
  ac: '#include <bits/stdc++.h>\nusing namespace std;\n\nint main() {\n    long long a, b;\n    cin >> a >> b;\n    cout << a + b << endl;\n    return 0;\n}\n',
  wa: '#include <bits/stdc++.h>\nusing namespace std;\n\nint main() {\n    int a, b;\n    cin >> a >> b;\n    cout << a + b << endl;\n    return 0;\n}\n',
  tle: '#include <bits/stdc++.h>\nusing namespace std;\n\nint main() {\n    long long a, b, s = 0;\n    cin >> a >> b;\n    for (long long i = 0; i < a; i++) s++;\n    cout << s + b << endl;\n}\n',
  ce: '#include <bits/stdc++.h>\nusing namespace std;\n\nint main() {\n    long long a, b\n    cin >> a >> b;\n    cout << a + b << endl;\n}\n',
};

const PY: Record<Intent, string> = {
  ac: 'a, b = map(int, input().split())\nprint(a + b)\n',
  wa: 'a, b = map(int, input().split())\nprint(a - b)\n',
  tle: 'a, b = map(int, input().split())\ns = 0\nfor _ in range(abs(a)):\n    s += 1\nprint(s + b)\n',
  ce: 'a, b = map(int, input().split()\nprint(a + b)\n',
};

const MARK = /^(?:\/\/|#) contest-sim (ac|wa|tle|ce) (\S+)$/m;

/** The source of one submission; `key` names it for the queue-wait figure. */
export function programFor(intent: Intent, language: SimLanguage, key: string): string {
  const comment = language === 'C++' ? '//' : '#';
  return `${comment} contest-sim ${intent} ${key}\n${(language === 'C++' ? CPP : PY)[intent]}`;
}

export function readMark(code: string): { intent: Intent; key: string } | null {
  const m = MARK.exec(code);
  return m ? { intent: m[1] as Intent, key: m[2] } : null;
}

const COMPILE_ERRORS: Record<SimLanguage, string> = {
  'C++':
    "main.cpp: In function 'int main()':\nmain.cpp:6:18: error: expected initializer before 'cin'\n    6 |     long long a, b\n      |                  ^\n",
  Python3:
    '  File "main.py", line 1\n    a, b = map(int, input().split()\n              ^\nSyntaxError: \'(\' was never closed\n',
};

/**
 * The verdict a submission was written to get, with plausible times and memory (C++ runs in a few ms
 * and MB, Python in tens of ms and about 10 MB), through the judge's own scoring of case results.
 */
export function verdictFor(
  intent: Intent,
  language: SimLanguage,
  task: WireJudgeTask,
  random: () => number,
): JudgeResult {
  const py = language === 'Python3';
  const timeLimitMs = task.timeLimit * (py ? 2 : 1);
  const scoring = {
    problemType: task.problemType,
    ioScore: task.ioScore,
    difficulty: task.difficulty,
    judgeCaseMode: task.judgeCaseMode,
    timeLimitMs,
    memoryLimitKB: task.memoryLimit * 1024,
  };
  if (intent === 'ce') {
    return {
      ...finalResult(scoring, []),
      status: JudgeStatus.COMPILE_ERROR,
      errorMessage: COMPILE_ERRORS[language],
    };
  }
  // a wrong or slow program fails somewhere after the samples; the judge stops at the first failure
  const failAt = intent === 'ac' ? task.cases.length : 1 + Math.floor(random() * task.cases.length);
  const cases: CaseResult[] = task.cases.slice(0, failAt).map((c, i) => {
    const last = i === failAt - 1 && intent !== 'ac';
    const status = !last
      ? JudgeStatus.ACCEPTED
      : intent === 'wa'
        ? JudgeStatus.WRONG_ANSWER
        : JudgeStatus.TIME_LIMIT_EXCEEDED;
    return {
      seq: c.seq,
      caseId: c.caseId,
      status,
      time:
        status === JudgeStatus.TIME_LIMIT_EXCEEDED
          ? timeLimitMs + 1
          : Math.round((py ? 15 : 0) + random() * (py ? 45 : 12)),
      memory: Math.round((py ? 9000 : 2800) + random() * (py ? 3000 : 1500)),
      score: status === JudgeStatus.ACCEPTED ? c.score : 0,
      userOutput: null,
      groupNum: c.groupNum,
    };
  });
  return finalResult(scoring, cases);
}
