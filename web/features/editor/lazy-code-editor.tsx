import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

  const hintId = useId();
  const describedBy = rest.readOnly ? undefined : hintId;

  if (editor) {
    const CodeEditor = editor.default;
    return (
      <WithKeysHint id={describedBy}>
        <div data-testid={testId} data-editor="codemirror" className="h-full min-h-0">
          <CodeEditor {...rest} autoFocus={focused} describedBy={describedBy} />
        </div>
      </WithKeysHint>
    );
  }
  return (
    <WithKeysHint id={describedBy}>
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
        <PlainCodeEditor {...rest} describedBy={describedBy} />
      </div>
    </WithKeysHint>
  );
}

/**
 * An editable editor keeps Tab for indenting, so a keyboard user is told, on screen and by the
 * editor's aria-describedby, how to get out: Esc, then Tab. The line sits inside the editor's
 * box, which keeps the height its page reserved for it.
 */
function WithKeysHint({ id, children }: { id: string | undefined; children: ReactNode }) {
  const { t } = useTranslation();
  if (!id) return children;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="min-h-0 flex-1">{children}</div>
      <p
        id={id}
        className="shrink-0 border-t px-3 py-1 text-muted-foreground text-xs"
        data-testid="editor-keys-hint"
      >
        {t('a11y.editorTabHint')}
      </p>
    </div>
  );
}
