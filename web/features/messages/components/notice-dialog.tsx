import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isNotFound } from '@/shared/api/client';
import type { AdminSysNotice } from '@/shared/api/types';
import { NOTICE_TYPES } from '@/shared/constants/messages';
import { cn } from '@/shared/lib/utils';
import { type NoticeCreateForm, type NoticeCreateParams, noticeCreateBody } from '@/shared/schemas/messages';
import { FormField } from '@/web/components/form-field';
import { MarkdownEditor } from '@/web/components/markdown-editor';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { toastApiError } from '@/web/lib/api-errors';
import { useNoticeChanges } from '../api';

const EMPTY: NoticeCreateForm = { title: '', content: '', type: 'All', recipient: '' };

/** Send (notice null) or edit a system notice: title, Markdown content with a preview, who it goes to. */
export function NoticeDialog({
  open,
  notice,
  onOpenChange,
}: {
  open: boolean;
  notice: AdminSysNotice | null;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const { add, update } = useNoticeChanges();
  const form = useForm<NoticeCreateForm, unknown, NoticeCreateParams>({
    resolver: zodResolver(noticeCreateBody),
  });
  const { errors } = form.formState;
  const type = useWatch({ control: form.control, name: 'type' });

  useEffect(() => {
    if (!open) return;
    form.reset(
      notice
        ? {
            title: notice.title,
            content: notice.content,
            type: notice.type,
            recipient: notice.recipientUsername ?? '',
          }
        : EMPTY,
    );
  }, [open, notice, form]);

  const onSubmit = form.handleSubmit((values) => {
    const done = {
      onSuccess: () => {
        toast.success(t(notice ? 'messages.noticeUpdated' : 'messages.noticeSent'));
        onOpenChange(false);
      },
      onError: (error: Error) => {
        // a Single notice's unknown recipient: said under the field (the server's words)
        if (values.type === 'Single' && isNotFound(error)) {
          form.setError('recipient', { message: error.message }, { shouldFocus: true });
        } else {
          toastApiError(error, t);
        }
      },
    };
    const body = { ...values, recipient: values.type === 'Single' ? values.recipient : null };
    if (notice) update.mutate({ id: notice.id, ...body }, done);
    else add.mutate(body, done);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common.cancel')} className="sm:max-w-2xl" data-testid="notice-dialog">
        <DialogHeader>
          <DialogTitle>{t(notice ? 'messages.admin.edit' : 'messages.admin.create')}</DialogTitle>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid min-w-0 gap-4">
          <FormField id="notice-title" label={t('messages.admin.fieldTitle')} error={errors.title?.message}>
            <Input id="notice-title" aria-invalid={!!errors.title} {...form.register('title')} />
          </FormField>
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <fieldset className="grid gap-1.5">
                <legend className="mb-1.5 font-medium text-sm">{t('messages.admin.fieldType')}</legend>
                <div className="inline-flex w-fit rounded-md border p-0.5" role="radiogroup">
                  {NOTICE_TYPES.map((value) => (
                    <label
                      key={value}
                      className={cn(
                        'cursor-pointer rounded px-3 py-1.5 text-sm transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                        field.value === value ? 'bg-primary text-primary-foreground' : 'hover:bg-accent',
                      )}
                    >
                      <input
                        type="radio"
                        className="sr-only"
                        name={field.name}
                        value={value}
                        checked={field.value === value}
                        onChange={() => field.onChange(value)}
                        data-testid={`notice-type-${value}`}
                      />
                      {t(`messages.admin.types.${value}`)}
                    </label>
                  ))}
                </div>
                <p className="text-muted-foreground text-xs">
                  {t(`messages.admin.typeHints.${field.value ?? 'All'}`)}
                  {notice && ` ${t('messages.admin.retargetHint')}`}
                </p>
              </fieldset>
            )}
          />
          {type === 'Single' && (
            <FormField
              id="notice-recipient"
              label={t('messages.admin.fieldRecipient')}
              error={errors.recipient?.message}
            >
              <Input
                id="notice-recipient"
                autoComplete="off"
                aria-invalid={!!errors.recipient}
                {...form.register('recipient')}
              />
            </FormField>
          )}
          <FormField
            id="notice-content"
            label={t('messages.admin.fieldContent')}
            error={errors.content?.message}
          >
            <MarkdownEditor
              id="notice-content"
              rows={8}
              invalid={!!errors.content}
              field={form.register('content')}
              previewText={() => form.getValues('content') ?? ''}
              previewTestId="notice-preview"
            />
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={add.isPending || update.isPending} data-testid="notice-save">
              {t(notice ? 'messages.admin.save' : 'messages.admin.send')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
