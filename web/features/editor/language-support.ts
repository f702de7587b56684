import type { Extension } from '@uiw/react-codemirror';
import { useEffect, useMemo, useState } from 'react';

type Grammar =
  | 'cpp'
  | 'java'
  | 'python'
  | 'javascript'
  | 'typescript'
  | 'rust'
  | 'go'
  | 'php'
  | 'kotlin'
  | 'csharp'
  | 'ruby'
  | 'pascal'
  | 'haskell';

/** Grammars by the judge language's mime type (Language.contentType), tried in order. */
const BY_HINT: readonly [RegExp, Grammar][] = [
  [/typescript/, 'typescript'],
  [/javascript|\bnode\b/, 'javascript'],
  [/kotlin/, 'kotlin'],
  [/csharp|c#/, 'csharp'],
  [/c\+\+|x-c(src|\+\+src)|csrc|\bc\b/, 'cpp'],
  [/java/, 'java'],
  [/python|pypy/, 'python'],
  [/rust/, 'rust'],
  [/x-go\b|golang/, 'go'],
  [/php/, 'php'],
  [/ruby/, 'ruby'],
  [/pascal/, 'pascal'],
  [/haskell/, 'haskell'],
];

/** Which grammar fits a judge language's mime type (Language.contentType) or, failing that, its name. */
export function grammarFor(contentType: string | undefined, name: string): Grammar | null {
  const hint = `${contentType ?? ''} ${name}`.toLowerCase();
  return BY_HINT.find(([pattern]) => pattern.test(hint))?.[1] ?? null;
}

/** A CodeMirror 5 mode (the legacy modes package) as a CodeMirror 6 language. */
const legacy = async (
  load: () => Promise<Parameters<typeof import('@codemirror/language').StreamLanguage.define>[0]>,
) => {
  const [{ StreamLanguage }, mode] = await Promise.all([import('@codemirror/language'), load()]);
  return StreamLanguage.define(mode);
};

/** Each grammar is its own chunk: a C++ page never downloads the Java and Python parsers. */
const LOADERS: Record<Grammar, () => Promise<Extension>> = {
  cpp: () => import('@codemirror/lang-cpp').then((m) => m.cpp()),
  java: () => import('@codemirror/lang-java').then((m) => m.java()),
  python: () => import('@codemirror/lang-python').then((m) => m.python()),
  javascript: () => import('@codemirror/lang-javascript').then((m) => m.javascript()),
  typescript: () => import('@codemirror/lang-javascript').then((m) => m.javascript({ typescript: true })),
  rust: () => import('@codemirror/lang-rust').then((m) => m.rust()),
  go: () => import('@codemirror/lang-go').then((m) => m.go()),
  php: () => import('@codemirror/lang-php').then((m) => m.php({ plain: false })),
  kotlin: () => legacy(() => import('@codemirror/legacy-modes/mode/clike').then((m) => m.kotlin)),
  csharp: () => legacy(() => import('@codemirror/legacy-modes/mode/clike').then((m) => m.csharp)),
  ruby: () => legacy(() => import('@codemirror/legacy-modes/mode/ruby').then((m) => m.ruby)),
  pascal: () => legacy(() => import('@codemirror/legacy-modes/mode/pascal').then((m) => m.pascal)),
  haskell: () => legacy(() => import('@codemirror/legacy-modes/mode/haskell').then((m) => m.haskell)),
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
