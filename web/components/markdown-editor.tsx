import { type ChangeEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LazyMarkdown } from '@/web/components/markdown-lazy';
import { Button } from '@/web/components/ui/button';
import { Textarea } from '@/web/components/ui/textarea';
import {
  droppedFiles,
  insertIntoTextarea,
  kindOf,
  type MarkdownUploader,
  type MarkdownUploadKind,
  markdownFor,
} from './markdown-upload';
import { MarkdownUploadButtons } from './markdown-upload-buttons';

type Mode = 'write' | 'preview' | 'split';

/** The live preview waits this long after the last keystroke: typing stays smooth on long statements. */
const LIVE_PREVIEW_DELAY_MS = 200;
/** Tailwind's lg: side by side needs the room. */
const WIDE_QUERY = '(min-width: 1024px)';

function useWide(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(WIDE_QUERY);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(WIDE_QUERY).matches,
  );
}

/**
 * A Markdown field of an admin form with Write and Preview tabs and, on wide screens, Side by
 * side: the text and its rendering next to each other, redrawn as one types. With `uploads`
 * (forms whose authors may upload: the console's statement and contest fields), images and files
 * go in through buttons, paste or drop, each as Markdown at the cursor. Lives inside a FormField
 * (label, error).
 */
export function MarkdownEditor({
  id,
  rows,
  invalid,
  field,
  previewText,
  previewTestId,
  uploads,
}: {
  id: string;
  rows: number;
  invalid: boolean;
  field: UseFormRegisterReturn;
  previewText(): string;
  previewTestId: string;
  uploads?: MarkdownUploader;
}) {
  const { t } = useTranslation();
  const wide = useWide();
  const [chosen, setChosen] = useState<Mode>('write');
  // a phone (or a window made narrow) has no room for two panes: it writes
  const mode: Mode = chosen === 'split' && !wide ? 'write' : chosen;
  const [live, setLive] = useState('');
  const [uploading, setUploading] = useState<string[]>([]);
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const textOf = useRef(previewText);
  textOf.current = previewText;

  useEffect(() => () => window.clearTimeout(timer.current), []);
  // entering side by side (or coming back to it as the window widens): the text as it is now
  useEffect(() => {
    if (mode === 'split') setLive(textOf.current());
  }, [mode]);

  const onChange = (e: ChangeEvent<HTMLTextAreaElement>) => {
    void field.onChange(e);
    if (mode !== 'split') return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setLive(textOf.current()), LIVE_PREVIEW_DELAY_MS);
  };

  /** One after another, so several files land in the order they were picked. */
  const send = async (files: File[], kind?: MarkdownUploadKind) => {
    if (!uploads) return;
    for (const file of files) {
      const as = kind ?? kindOf(file);
      setUploading((names) => [...names, file.name]);
      try {
        const link = await uploads.upload(as, file);
        const el = textarea.current;
        if (el) insertIntoTextarea(el, markdownFor(as, file.name, link) + (files.length > 1 ? '\n' : ''));
      } catch (error) {
        uploads.onError(error);
      } finally {
        setUploading((names) => names.filter((_, i) => i !== names.indexOf(file.name)));
      }
    }
  };

  const tab = (value: Mode, label: string, extra?: { className?: string; testId?: string }) => (
    <Button
      type="button"
      size="sm"
      variant={mode === value ? 'secondary' : 'ghost'}
      aria-pressed={mode === value}
      className={extra?.className}
      onClick={() => setChosen(value)}
      data-testid={extra?.testId}
    >
      {label}
    </Button>
  );

  const editor = (
    <Textarea
      id={id}
      rows={rows}
      className={mode === 'preview' ? 'hidden' : 'font-mono'}
      aria-invalid={invalid}
      placeholder={uploads ? t('admin.markdown.uploadHint') : undefined}
      {...field}
      ref={(el) => {
        field.ref(el);
        textarea.current = el;
      }}
      onChange={onChange}
      onPaste={
        uploads &&
        ((e) => {
          const files = droppedFiles(e.clipboardData, true);
          if (files.length === 0) return;
          e.preventDefault();
          void send(files);
        })
      }
      onDragOver={
        uploads &&
        ((e) => {
          // a drop of files is taken only when the drag over says so
          if (e.dataTransfer.types.includes('Files')) e.preventDefault();
        })
      }
      onDrop={
        uploads &&
        ((e) => {
          const files = droppedFiles(e.dataTransfer, false);
          if (files.length === 0) return;
          e.preventDefault();
          void send(files);
        })
      }
    />
  );

  return (
    <>
      <div className="@container flex flex-wrap items-center gap-1">
        {tab('write', t('common.write'))}
        {tab('preview', t('common.preview'), { testId: previewTestId })}
        {tab('split', t('common.sideBySide'), { className: 'hidden lg:inline-flex', testId: `${id}-split` })}
        {uploads && (
          <MarkdownUploadButtons
            id={id}
            imageAccept={uploads.imageAccept}
            uploading={uploading}
            onFiles={(kind, files) => void send(files, kind)}
          />
        )}
      </div>
      {/* one wrapper in every mode: the textarea is never remounted, so focus and undo survive */}
      <div className={mode === 'split' ? 'grid grid-cols-2 gap-2' : 'grid'}>
        {editor}
        {mode === 'split' && (
          // the textarea sets the row's height; the preview scrolls within it
          <div className="relative min-h-40 min-w-0">
            <div
              className="absolute inset-0 overflow-auto rounded-md border px-3 py-2"
              data-testid={`${id}-live-preview`}
            >
              <LazyMarkdown text={live} />
            </div>
          </div>
        )}
        {mode === 'preview' && (
          <div className="max-h-80 min-h-40 overflow-auto rounded-md border px-3 py-2">
            <LazyMarkdown text={previewText()} />
          </div>
        )}
      </div>
    </>
  );
}
