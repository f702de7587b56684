import { detectLanguages, judgeSubmission, prepareProgram, testRun } from '../judge';
import { announcementOf } from '../judge/language-spec';
import type { AppDependencies } from './app';

/**
 * Connects the server to the in-process judge engine: the languages it found, the judge, the test
 * run and the compiler of problem programs.
 */
export async function localJudge(): Promise<
  Pick<AppDependencies, 'languages' | 'judge' | 'testRun' | 'compileProgram'>
> {
  const languages = await detectLanguages();
  return {
    // the same entries a remote judge announces of its languages
    languages: languages.map(announcementOf),
    judge: (task, hooks) => judgeSubmission(task, hooks),
    testRun: (task) => testRun(task),
    compileProgram: async (program) => {
      const outcome = await prepareProgram({ ...program, protocol: 'testlib' });
      return outcome.ok ? { ok: true } : { ok: false, message: outcome.message };
    },
  };
}
