import type { KeyboardEvent } from 'react';
import type { CodeEditorProps } from './code-editor';

/**
 * The editor before CodeMirror has loaded: a monospace textarea with the same text, font size
 * and shortcuts (Tab indents, Ctrl+Enter submits, Ctrl+' runs). The problem page starts with it
 * so reading the statement does not wait for the editor's code (docs/benchmarks.md, Web bundle).
 */
export function PlainCodeEditor({
  value,
  onChange,
  fontSize,
  tabSize,
  readOnly = false,
  onSubmitShortcut,
  onRunShortcut,
  label,
}: CodeEditorProps) {
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    const mod = e.ctrlKey || e.metaKey;
    if (mod && e.key === 'Enter' && onSubmitShortcut) {
      e.preventDefault();
      onSubmitShortcut();
    } else if (mod && e.key === "'" && onRunShortcut) {
      e.preventDefault();
      onRunShortcut();
    } else if (e.key === 'Tab' && !e.shiftKey && !mod && !readOnly) {
      // indent like the editor does instead of leaving the field
      e.preventDefault();
      const el = e.currentTarget;
      const { selectionStart: start, selectionEnd: end } = el;
      const next = `${el.value.slice(0, start)}${' '.repeat(tabSize)}${el.value.slice(end)}`;
      onChange?.(next);
      requestAnimationFrame(() => el.setSelectionRange(start + tabSize, start + tabSize));
    }
  };
  return (
    <textarea
      aria-label={label}
      data-testid="plain-editor"
      value={value}
      readOnly={readOnly}
      spellCheck={false}
      autoCapitalize="off"
      autoComplete="off"
      onChange={(e) => onChange?.(e.target.value)}
      onKeyDown={onKeyDown}
      style={{ fontSize, tabSize }}
      className="block h-full min-h-40 w-full resize-none border-0 bg-transparent px-4 py-1 font-mono leading-[1.4] outline-none"
    />
  );
}
