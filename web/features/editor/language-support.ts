import { cpp } from '@codemirror/lang-cpp';
import { java } from '@codemirror/lang-java';
import { python } from '@codemirror/lang-python';
import type { Extension } from '@uiw/react-codemirror';

/** CodeMirror language for a judge language's mime type (Language.contentType) or, failing that, its name. */
export function languageExtension(contentType: string | undefined, name: string): Extension[] {
  const hint = `${contentType ?? ''} ${name}`.toLowerCase();
  if (/c\+\+|x-c(src|\+\+src)|csrc|\bc\b/.test(hint)) return [cpp()];
  if (/java(?!script)/.test(hint)) return [java()];
  if (/python|pypy/.test(hint)) return [python()];
  return [];
}
