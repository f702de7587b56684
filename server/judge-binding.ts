import { detectLanguages, judgeSubmission } from '../judge';
import type { AppDependencies } from './app';

/** Connects the server to the in-process judge engine: the languages it found and the judge itself. */
export async function localJudge(): Promise<Pick<AppDependencies, 'languages' | 'judge'>> {
  const languages = await detectLanguages();
  return {
    languages: languages.map((l) => ({
      name: l.name,
      contentType: l.contentType,
      template: l.template,
      description: l.description,
      compileCommand: l.compile?.join(' ') ?? '',
    })),
    judge: (task, hooks) => judgeSubmission(task, hooks),
  };
}
