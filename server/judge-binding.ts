import { detectLanguages, judgeSubmission, prepareProgram, testRun } from '../judge';
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
    languages: languages.map((l) => ({
      name: l.name,
      contentType: l.contentType,
      template: l.template,
      description: l.description,
      compileCommand: l.compile?.join(' ') ?? '',
      timeFactor: l.timeFactor,
      memoryFactor: l.memoryFactor,
      sourceFile: l.sourceFile,
    })),
    judge: (task, hooks) => judgeSubmission(task, hooks),
    testRun: (task) => testRun(task),
    compileProgram: async (program) => {
      const outcome = await prepareProgram({ ...program, protocol: 'testlib' });
      return outcome.ok ? { ok: true } : { ok: false, message: outcome.message };
    },
  };
}
