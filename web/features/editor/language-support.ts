import type { Extension } from '@uiw/react-codemirror';
import { useEffect, useMemo, useState } from 'react';

type Grammar = 'cpp' | 'java' | 'python';

/** Which grammar fits a judge language's mime type (Language.contentType) or, failing that, its name. */
export function grammarFor(contentType: string | undefined, name: string): Grammar | null {
  const hint = `${contentType ?? ''} ${name}`.toLowerCase();
  if (/c\+\+|x-c(src|\+\+src)|csrc|\bc\b/.test(hint)) return 'cpp';
  if (/java(?!script)/.test(hint)) return 'java';
  if (/python|pypy/.test(hint)) return 'python';
  return null;
}

/** Each grammar is its own chunk: a C++ page never downloads the Java and Python parsers. */
const LOADERS: Record<Grammar, () => Promise<Extension>> = {
  cpp: () => import('@codemirror/lang-cpp').then((m) => m.cpp()),
  java: () => import('@codemirror/lang-java').then((m) => m.java()),
  python: () => import('@codemirror/lang-python').then((m) => m.python()),
};
const cache = new Map<Grammar, Extension>();

/** The CodeMirror language extension for the editor's language; none until its grammar has loaded. */
export function useLanguageExtension(contentType: string | undefined, name: string): Extension[] {
  const grammar = grammarFor(contentType, name);
  const [loaded, setLoaded] = useState<{ grammar: Grammar; ext: Extension } | null>(() => {
    const ext = grammar && cache.get(grammar);
    return grammar && ext ? { grammar, ext } : null;
  });
  useEffect(() => {
    if (!grammar) return;
    const have = cache.get(grammar);
    if (have) return setLoaded({ grammar, ext: have });
    let live = true;
    void LOADERS[grammar]().then((ext) => {
      cache.set(grammar, ext);
      if (live) setLoaded({ grammar, ext });
    });
    return () => {
      live = false;
    };
  }, [grammar]);
  // a stable array: the editor reconfigures only when the grammar really changes
  return useMemo(() => (loaded && loaded.grammar === grammar ? [loaded.ext] : []), [loaded, grammar]);
}
