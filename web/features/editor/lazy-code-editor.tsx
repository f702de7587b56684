import { useEffect, useState } from 'react';
import type { CodeEditorProps } from './code-editor';
import { PlainCodeEditor } from './plain-code-editor';

type EditorModule = typeof import('./code-editor');
let loaded: EditorModule | null = null;
let loading: Promise<EditorModule> | null = null;
function loadEditor(): Promise<EditorModule> {
  loading ??= import('./code-editor').then((m) => {
    loaded = m;
    return m;
  });
  return loading;
}

/**
 * CodeMirror as a lazy chunk, with the plain editor (same text, size and shortcuts) in its place
 * until the chunk is there. `loadOn: 'mount'` fetches it at once; `'interaction'` waits until the
 * pointer enters the pane or it takes focus, so a page's first load does not carry the editor
 * (docs/benchmarks.md, Web bundle). The plain editor stays mounted while CodeMirror loads, so
 * nothing typed meanwhile is lost, and CodeMirror takes the focus if the plain editor had it.
 */
export function LazyCodeEditor(
  props: CodeEditorProps & { testId?: string; loadOn?: 'mount' | 'interaction' },
) {
  const { testId, loadOn = 'mount', ...rest } = props;
  const [editor, setEditor] = useState<EditorModule | null>(loaded);
  const [focused, setFocused] = useState(false);
  const want = () => {
    if (!editor) void loadEditor().then(setEditor);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once on mount when asked to
  useEffect(() => {
    if (loadOn === 'mount') want();
  }, []);

  if (editor) {
    const CodeEditor = editor.default;
    return (
      <div data-testid={testId} data-editor="codemirror" className="h-full min-h-0">
        <CodeEditor {...rest} autoFocus={focused} />
      </div>
    );
  }
  return (
    <div
      data-testid={testId}
      data-editor="plain"
      className="h-full min-h-0"
      onPointerEnter={want}
      onPointerDown={want}
      onFocusCapture={() => {
        setFocused(true);
        want();
      }}
      onBlurCapture={() => setFocused(false)}
    >
      <PlainCodeEditor {...rest} />
    </div>
  );
}
