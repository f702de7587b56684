/**
 * The sandboxed engine of this machine as a worker's JudgeEngine: the languages it found (names,
 * and what a server needs to offer them), the submission judge and the test run.
 */
import { detectLanguages, judgeSubmission, testRun } from './index';
import { announcementOf } from './language-spec';
import type { JudgeEngine } from './worker';

export async function localEngine(): Promise<JudgeEngine> {
  const languages = await detectLanguages();
  return {
    judge: (task, hooks) => judgeSubmission(task, hooks),
    testRun: (task) => testRun(task),
    languages: languages.map((l) => l.name),
    languageInfo: languages.map(announcementOf),
  };
}
