import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import type { ContestAnnouncement } from '@/shared/api/contest-ops-types';
import { MESSAGE_DURATION_MS } from '@/shared/constants/limits';
import { contestAnnouncementCreateBody } from '@/shared/schemas/contest-ops';
import { FormField } from '@/web/components/form-field';
import { MarkdownEditor } from '@/web/components/markdown-editor';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Switch } from '@/web/components/ui/switch';
import { useAuth } from '@/web/lib/auth';
import { useContestAnnouncementChanges } from './api';
import { markAnnouncementsRead } from './read-announcements';

/** The announcement part of the create call: the same schema (and messages) as the server's. */
const formSchema = contestAnnouncementCreateBody.shape.announcement;
type FormValues = z.input<typeof formSchema>;
const EMPTY: FormValues = { title: '', content: '', status: 0 };

/** A contest admin creates (announcement null) or edits an announcement: title, Markdown with preview, visibility. */
export function ContestAnnouncementDialog({
  cid,
  open,
  announcement,
  onOpenChange,
}: {
  cid: number;
  open: boolean;
  announcement: ContestAnnouncement | null;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const uid = useAuth((s) => s.userInfo?.uid ?? null);
  const { add, update } = useContestAnnouncementChanges(cid);
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema) });
  const { errors } = form.formState;

  useEffect(() => {
    if (!open) return;
    form.reset(
      announcement
        ? { title: announcement.title, content: announcement.content, status: announcement.status }
        : EMPTY,
    );
  }, [open, announcement, form]);

  const done = (msg: string) => {
    toast.success(msg, { duration: MESSAGE_DURATION_MS });
    onOpenChange(false);
  };

  const onSubmit = form.handleSubmit((values) => {
    if (announcement) {
      update.mutate(
        { cid, announcement: { id: announcement.id, ...values, status: values.status ?? 0 } },
        { onSuccess: () => done(t('contestOps.announcementUpdated')) },
      );
    } else {
      add.mutate(
        { cid, announcement: values },
        {
          onSuccess: (created) => {
            // the author wrote it: no popup of it for them
            if (uid) markAnnouncementsRead(uid, cid, [created.id]);
            done(t('contestOps.announcementCreated'));
          },
        },
      );
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('common.cancel')}
        className="sm:max-w-2xl"
        data-testid="contest-announcement-dialog"
      >
        <DialogHeader>
          <DialogTitle>{t(announcement ? 'contestDesk.annEdit' : 'contestDesk.annCreate')}</DialogTitle>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid min-w-0 gap-4">
          <FormField
            id="contest-announcement-title"
            label={t('contestDesk.annTitle')}
            error={errors.title?.message}
          >
            <Input
              id="contest-announcement-title"
              aria-invalid={!!errors.title}
              {...form.register('title')}
            />
          </FormField>
          <FormField
            id="contest-announcement-content"
            label={t('contestDesk.annContent')}
            error={errors.content?.message}
          >
            <MarkdownEditor
              id="contest-announcement-content"
              rows={10}
              invalid={!!errors.content}
              field={form.register('content')}
              previewText={() => form.getValues('content') ?? ''}
              previewTestId="contest-announcement-preview"
            />
          </FormField>
          <Controller
            control={form.control}
            name="status"
            render={({ field: { value, onChange } }) => (
              <div className="flex items-center gap-3 text-sm">
                <Switch
                  id="contest-announcement-visible"
                  checked={(value ?? 0) === 0}
                  onCheckedChange={(visible) => onChange(visible ? 0 : 1)}
                  data-testid="contest-announcement-visible"
                />
                <Label htmlFor="contest-announcement-visible">{t('contestDesk.annVisible')}</Label>
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
              data-testid="contest-announcement-save"
            >
              {t('contestDesk.annSave')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
