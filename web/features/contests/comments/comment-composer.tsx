import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { COMMENT_LIMITS, commentContent } from '@/shared/schemas/comments';
import { MarkdownEditor } from '@/web/components/markdown-editor';
import { Button } from '@/web/components/ui/button';

const formSchema = z.object({ content: commentContent });
type FormValues = z.input<typeof formSchema>;

/**
 * A Markdown box with preview for a comment or a reply: its limits (non-empty after trimming,
 * at most 10000 characters) checked by the server's own schema, a counter, Ctrl+Enter sends.
 */
export function CommentComposer({
  placeholder,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
  heading,
  rows = 4,
  autoFocus = false,
  testId,
}: {
  placeholder: string;
  submitLabel: string;
  pending: boolean;
  /** resolves when sent (the box is then emptied); rejects to keep the text */
  onSubmit(content: string): Promise<unknown>;
  onCancel?(): void;
  heading?: React.ReactNode;
  rows?: number;
  /** focus the box when it appears (a reply box opened by its button) */
  autoFocus?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { content: '' } });
  const content = useWatch({ control: form.control, name: 'content' }) ?? '';
  const error = form.formState.errors.content?.message;
  const send = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values.content);
      form.reset({ content: '' });
    } catch {
      // the failure was shown as a toast; the text stays
    }
  });
  const field = form.register('content');
  const over = content.length > COMMENT_LIMITS.maxLength;
  return (
    <form
      onSubmit={send}
      noValidate
      className="grid min-w-0 gap-2"
      data-testid={testId}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          void send();
        }
      }}
    >
      {heading}
      <div className="grid gap-1.5 [&_textarea]:min-h-24 [&_textarea]:w-full">
        <MarkdownEditor
          id={id}
          rows={rows}
          invalid={!!error}
          // extra textarea attributes ride along with the registered field (MarkdownEditor spreads it)
          field={
            {
              ...field,
              placeholder,
              'aria-label': placeholder,
              'data-testid': `${testId}-input`,
              autoFocus,
            } as UseFormRegisterReturn
          }
          previewText={() => form.getValues('content')}
          previewTestId={`${testId}-preview`}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive" data-testid={`${testId}-error`}>
          {t(error)}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span
          className={over ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}
          data-testid={`${testId}-count`}
        >
          {t('comments.charCount', { count: content.length, max: COMMENT_LIMITS.maxLength })}
        </span>
        <div className="flex gap-2">
          {onCancel && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={onCancel}
              data-testid={`${testId}-cancel`}
            >
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" size="sm" disabled={pending} data-testid={`${testId}-submit`}>
            <Send />
            {submitLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}
