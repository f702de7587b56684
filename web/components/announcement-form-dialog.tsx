import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { announcementCreateBody } from '@/shared/schemas/api';
import { contestAnnouncementCreateBody } from '@/shared/schemas/contest-ops';
import { FormField } from '@/web/components/form-field';
import { MarkdownEditor } from '@/web/components/markdown-editor';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Switch } from '@/web/components/ui/switch';

/** An announcement as the dialog edits it; status 0 is visible, 1 hidden. */
export interface AnnouncementValues {
  title: string;
  content: string;
  status: number;
}
type AnnouncementInput = { title: string; content: string; status?: number | null | undefined };

interface Scope {
  /** the server's own schema for these fields, so the dialog says what the server would */
  schema: z.ZodType<AnnouncementValues, AnnouncementInput>;
  /** start of the ids and test ids of the dialog and its fields */
  idPrefix: string;
  /** locale keys: the site's and a contest's screens word some of them differently */
  keys: Record<'create' | 'edit' | 'title' | 'content' | 'visible' | 'save', string>;
}

/** The site's announcements (root's admin screen), a contest's (its admins, on the contest's tab) and a group's. */
const SCOPES = {
  site: {
    schema: announcementCreateBody,
    idPrefix: 'announcement',
    keys: {
      create: 'admin.announcement.create',
      edit: 'admin.announcement.edit',
      title: 'admin.announcement.title',
      content: 'admin.announcement.content',
      visible: 'admin.announcement.visible',
      save: 'admin.save',
    },
  },
  contest: {
    schema: contestAnnouncementCreateBody.shape.announcement,
    idPrefix: 'contest-announcement',
    keys: {
      create: 'contestDesk.annCreate',
      edit: 'contestDesk.annEdit',
      title: 'contestDesk.annTitle',
      content: 'contestDesk.annContent',
      visible: 'contestDesk.annVisible',
      save: 'contestDesk.annSave',
    },
  },
  /** a group's (its admins, on the group's Announcements tab): the site's fields, the server adds the group */
  group: {
    schema: announcementCreateBody,
    idPrefix: 'group-announcement',
    keys: {
      create: 'web.group.announcement.create',
      edit: 'web.group.announcement.edit',
      title: 'web.group.announcement.title',
      content: 'web.group.announcement.content',
      visible: 'web.group.announcement.visible',
      save: 'web.group.announcement.save',
    },
  },
} satisfies Record<string, Scope>;

const EMPTY: AnnouncementValues = { title: '', content: '', status: 0 };

/**
 * Create (announcement null) or edit an announcement: title, Markdown content with a preview,
 * and whether it is visible. The caller saves the checked values and closes the dialog.
 */
export function AnnouncementFormDialog({
  scope,
  open,
  announcement,
  saving,
  onOpenChange,
  onSave,
}: {
  scope: keyof typeof SCOPES;
  open: boolean;
  announcement: AnnouncementValues | null;
  saving: boolean;
  onOpenChange(open: boolean): void;
  onSave(values: AnnouncementValues): void;
}) {
  const { t } = useTranslation();
  const { schema, idPrefix: id, keys }: Scope = SCOPES[scope];
  const form = useForm<AnnouncementInput, unknown, AnnouncementValues>({ resolver: zodResolver(schema) });
  const { errors } = form.formState;

  useEffect(() => {
    if (!open) return;
    form.reset(
      announcement
        ? { title: announcement.title, content: announcement.content, status: announcement.status }
        : EMPTY,
    );
  }, [open, announcement, form]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common.cancel')} className="sm:max-w-2xl" data-testid={`${id}-dialog`}>
        <DialogHeader>
          <DialogTitle>{t(announcement ? keys.edit : keys.create)}</DialogTitle>
        </DialogHeader>
        <form onSubmit={form.handleSubmit(onSave)} noValidate className="grid min-w-0 gap-4">
          <FormField id={`${id}-title`} label={t(keys.title)} error={errors.title?.message}>
            <Input id={`${id}-title`} aria-invalid={!!errors.title} {...form.register('title')} />
          </FormField>
          <FormField id={`${id}-content`} label={t(keys.content)} error={errors.content?.message}>
            <MarkdownEditor
              id={`${id}-content`}
              rows={10}
              invalid={!!errors.content}
              field={form.register('content')}
              previewText={() => form.getValues('content') ?? ''}
              previewTestId={`${id}-preview`}
            />
          </FormField>
          <Controller
            control={form.control}
            name="status"
            render={({ field: { value, onChange } }) => (
              <div className="flex items-center gap-3 text-sm">
                <Switch
                  id={`${id}-visible`}
                  checked={(value ?? 0) === 0}
                  onCheckedChange={(visible) => onChange(visible ? 0 : 1)}
                  data-testid={`${id}-visible`}
                />
                <Label htmlFor={`${id}-visible`}>{t(keys.visible)}</Label>
              </div>
            )}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={saving} data-testid={`${id}-save`}>
              {t(keys.save)}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
