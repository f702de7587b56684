import { type KeyboardEvent, useRef } from 'react';
import { EDITOR_ESCAPE_TAB_MS } from '@/shared/constants/editor';
import type { CodeEditorProps } from './code-editor';

/**
 * The editor before CodeMirror has loaded: a monospace textarea with the same text, font size
 * and shortcuts (Tab indents, Esc then Tab leaves, Ctrl+Enter submits, Ctrl+' runs). The problem page starts with it
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
  describedBy,
}: CodeEditorProps) {
  const escapedAt = useRef(0);
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    const mod = e.ctrlKey || e.metaKey;
    const leaving = Date.now() - escapedAt.current <= EDITOR_ESCAPE_TAB_MS;
    escapedAt.current = e.key === 'Escape' ? Date.now() : 0;
    if (mod && e.key === 'Enter' && onSubmitShortcut) {
      e.preventDefault();
      onSubmitShortcut();
    } else if (mod && e.key === "'" && onRunShortcut) {
      e.preventDefault();
      onRunShortcut();
    } else if (e.key === 'Tab' && !e.shiftKey && !mod && !readOnly && !leaving) {
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
      aria-describedby={describedBy}
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
