import CodeMirror, { EditorState, EditorView, keymap, Prec } from '@uiw/react-codemirror';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { EditorThemeName } from '@/shared/constants/editor';
import { useLanguageExtension } from './language-support';
import { THEME_EXTENSIONS } from './themes';

export interface CodeEditorProps {
  value: string;
  onChange?(value: string): void;
  /** Language.contentType (CodeMirror mime) and name */
  contentType?: string;
  language: string;
  theme: EditorThemeName;
  fontSize: number;
  tabSize: number;
  readOnly?: boolean;
  /** Ctrl/Cmd+Enter inside the editor */
  onSubmitShortcut?(): void;
  /** Ctrl/Cmd+' inside the editor: run the online test */
  onRunShortcut?(): void;
  height?: string;
  label: string;
  /** focus the editor when it mounts (it replaced a focused plain editor) */
  autoFocus?: boolean;
  /** id of the text that says how to leave the editor by keyboard */
  describedBy?: string;
}

/** CodeMirror 6 with the editor's themes and settings. Default export: loaded as a lazy chunk. */
export default function CodeEditor({
  value,
  onChange,
  contentType,
  language,
  theme,
  fontSize,
  tabSize,
  readOnly = false,
  onSubmitShortcut,
  onRunShortcut,
  height,
  label,
  autoFocus = false,
  describedBy,
}: CodeEditorProps) {
  const submitRef = useRef(onSubmitShortcut);
  submitRef.current = onSubmitShortcut;
  const runRef = useRef(onRunShortcut);
  runRef.current = onRunShortcut;

  // The document lives in CodeMirror and `value` is only its starting text: feeding every
  // keystroke back as a controlled prop loses characters typed faster than React re-renders.
  // An outside change (language switch, reset, a draft loaded late) starts a fresh document.
  const emitted = useRef(value);
  const [doc, setDoc] = useState({ text: value, version: 0 });
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setDoc((d) => ({ text: value, version: d.version + 1 }));
  }, [value]);

  const languageExt = useLanguageExtension(contentType, language);
  const extensions = useMemo(
    () => [
      ...languageExt,
      EditorState.tabSize.of(tabSize),
      EditorView.theme({
        '&': { fontSize: `${fontSize}px` },
        '.cm-scroller': {
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
        },
      }),
      EditorView.contentAttributes.of({
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      }),
      Prec.highest(
        keymap.of([
          {
            key: 'Mod-Enter',
            run: () => {
              if (!submitRef.current) return false;
              submitRef.current();
              return true;
            },
          },
          {
            key: "Mod-'",
            run: () => {
              if (!runRef.current) return false;
              runRef.current();
              return true;
            },
          },
        ]),
      ),
    ],
    [languageExt, tabSize, fontSize, label, describedBy],
  );

  return (
    <CodeMirror
      key={doc.version}
      value={doc.text}
      onChange={(next) => {
        emitted.current = next;
        onChange?.(next);
      }}
      theme={THEME_EXTENSIONS[theme]}
      extensions={extensions}
      readOnly={readOnly}
      editable={!readOnly}
      height={height}
      autoFocus={autoFocus}
      basicSetup={{ tabSize, highlightActiveLine: !readOnly, highlightActiveLineGutter: !readOnly }}
      className="h-full overflow-hidden"
    />
  );
}
