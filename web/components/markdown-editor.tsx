import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LazyMarkdown } from '@/web/components/markdown-lazy';
import { Button } from '@/web/components/ui/button';
import { Textarea } from '@/web/components/ui/textarea';

/**
 * A Markdown field of an admin form with Write and Preview tabs; the preview renders what
 * `previewText()` gives at the moment it is opened. Lives inside a FormField (label, error).
 */
export function MarkdownEditor({
  id,
  rows,
  invalid,
  field,
  previewText,
  previewTestId,
}: {
  id: string;
  rows: number;
  invalid: boolean;
  field: UseFormRegisterReturn;
  previewText(): string;
  previewTestId: string;
}) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState(false);
  return (
    <>
      <div className="flex gap-1">
        <Button
          type="button"
          size="sm"
          variant={preview ? 'ghost' : 'secondary'}
          onClick={() => setPreview(false)}
        >
          {t('common.write')}
        </Button>
        <Button
          type="button"
          size="sm"
          variant={preview ? 'secondary' : 'ghost'}
          onClick={() => setPreview(true)}
          data-testid={previewTestId}
        >
          {t('common.preview')}
        </Button>
      </div>
      {preview ? (
        <div className="max-h-80 min-h-40 overflow-auto rounded-md border px-3 py-2">
          <LazyMarkdown text={previewText()} />
        </div>
      ) : (
        <Textarea id={id} rows={rows} className="font-mono" aria-invalid={invalid} {...field} />
      )}
    </>
  );
}
