import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Announcement } from '@/shared/api/types';
import { MESSAGE_DURATION_MS } from '@/shared/constants/limits';
import { type AnnouncementCreateForm, announcementCreateBody } from '@/shared/schemas/api';
import { FormField } from '@/web/components/form-field';
import { MarkdownEditor } from '@/web/components/markdown-editor';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Switch } from '@/web/components/ui/switch';
import { useAnnouncementChanges } from './api';

const EMPTY: AnnouncementCreateForm = { title: '', content: '', status: 0 };

/** Create (announcement null) or edit an announcement: title, Markdown content with a preview, visible switch. */
export function AnnouncementDialog({
  open,
  announcement,
  onOpenChange,
}: {
  open: boolean;
  announcement: Announcement | null;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const { add, update } = useAnnouncementChanges();
  const form = useForm<AnnouncementCreateForm>({ resolver: zodResolver(announcementCreateBody) });
  const { errors } = form.formState;

  useEffect(() => {
    if (!open) return;
    form.reset(
      announcement
        ? { title: announcement.title, content: announcement.content, status: announcement.status }
        : EMPTY,
    );
  }, [open, announcement, form]);

  const onSubmit = form.handleSubmit((values) => {
    const done = {
      onSuccess: () => {
        toast.success(t('admin.updated'), { duration: MESSAGE_DURATION_MS });
        onOpenChange(false);
      },
    };
    if (announcement) update.mutate({ id: announcement.id, ...values }, done);
    else add.mutate(values, done);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('common.cancel')}
        className="sm:max-w-2xl"
        data-testid="announcement-dialog"
      >
        <DialogHeader>
          <DialogTitle>
            {t(announcement ? 'admin.announcement.edit' : 'admin.announcement.create')}
          </DialogTitle>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid min-w-0 gap-4">
          <FormField
            id="announcement-title"
            label={t('admin.announcement.title')}
            error={errors.title?.message}
          >
            <Input id="announcement-title" aria-invalid={!!errors.title} {...form.register('title')} />
          </FormField>
          <FormField
            id="announcement-content"
            label={t('admin.announcement.content')}
            error={errors.content?.message}
          >
            <MarkdownEditor
              id="announcement-content"
              rows={10}
              invalid={!!errors.content}
              field={form.register('content')}
              previewText={() => form.getValues('content') ?? ''}
              previewTestId="announcement-preview"
            />
          </FormField>
          <Controller
            control={form.control}
            name="status"
            render={({ field: { value, onChange } }) => (
              <div className="flex items-center gap-3 text-sm">
                <Switch
                  id="announcement-visible"
                  checked={value === 0}
                  onCheckedChange={(visible) => onChange(visible ? 0 : 1)}
                  data-testid="announcement-visible"
                />
                <Label htmlFor="announcement-visible">{t('admin.announcement.visible')}</Label>
              </div>
            )}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              disabled={add.isPending || update.isPending}
              data-testid="announcement-save"
            >
              {t('admin.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
