/**
 * A language entry made concrete for one source: most languages always use the same file name,
 * while Java's file and the class it runs are named after what the source declares
 * (java-main-class.ts). Submissions, test runs and problem programs all go through here before
 * their source is written, so the three compile and run a Java class the same way.
 */
import { javaEntryPoint } from './java-main-class';
import { JAVA_DEFAULT_CLASS, type LanguageSpec } from './languages';

export type SourceSpec = { ok: true; spec: LanguageSpec } | { ok: false; message: string };

export function specForSource(spec: LanguageSpec, code: string): SourceSpec {
  if (spec.sourceNaming !== 'java-class') return { ok: true, spec };
  const entry = javaEntryPoint(code);
  if (!entry.ok) return entry;
  const sourceFile = `${entry.fileClass}.java`;
  return {
    ok: true,
    spec: {
      ...spec,
      sourceFile,
      compile: spec.compile?.map((arg) => (arg === spec.sourceFile ? sourceFile : arg)) ?? null,
      run: spec.run.map((arg) => (arg === JAVA_DEFAULT_CLASS ? entry.runClass : arg)),
    },
  };
}
