import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { Controller, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import type { DiscussionCategory, DiscussionItem } from '@/shared/api/discussion-types';
import { DISCUSSION_LIMITS } from '@/shared/constants/discussions';
import { discussionFields } from '@/shared/schemas/discussions';
import { FormField } from '@/web/components/form-field';
import { MarkdownEditor } from '@/web/components/markdown-editor';
import { SubmitButton } from '@/web/components/pending-button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Switch } from '@/web/components/ui/switch';
import { useDiscussionWrites } from '../api';
import { titleWithProblem } from '../lib';

/** The form: the server's own rules (shared/schemas/discussions.ts); the category comes from a select as text. */
const formSchema = z.object({
  title: discussionFields.title,
  description: discussionFields.description,
  content: discussionFields.content,
  categoryId: discussionFields.categoryId,
  topPriority: z.boolean(),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** What the editor starts from: a discussion being edited (with its text), or nothing for a new one. */
export type EditedDiscussion = Pick<
  DiscussionItem,
  'id' | 'title' | 'description' | 'categoryId' | 'topPriority' | 'pid'
> & { content: string };

/**
 * Post or edit a discussion (HOJ's full-screen dialog): title, description, category, the pin for
 * admin roles, and the Markdown text with maths and a preview. A new discussion of a problem is
 * filed under "[pid] title" as HOJ's client does. Fills the screen on a phone.
 */
export function DiscussionEditor({
  open,
  onOpenChange,
  editing,
  pid,
  categories,
  isAdmin,
  onSaved,
  gid,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** null: a new discussion */
  editing: EditedDiscussion | null;
  /** the problem a new discussion is about (HOJ's /discussion/:problemID) */
  pid: string | null;
  categories: readonly DiscussionCategory[];
  isAdmin: boolean;
  onSaved(item: DiscussionItem, created: boolean): void;
  /** a group's discussion: posted and edited through the group's calls */
  gid?: number;
}) {
  const { t } = useTranslation();
  const id = useId();
  const actions = useDiscussionWrites(gid);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(formSchema) });
  const { errors } = form.formState;
  const problem = editing ? editing.pid : pid;

  useEffect(() => {
    if (!open) return;
    form.reset({
      title: editing?.title ?? '',
      description: editing?.description ?? '',
      content: editing?.content ?? '',
      categoryId: editing?.categoryId ?? '',
      topPriority: editing?.topPriority ?? false,
    });
  }, [open, editing, form]);

  const pending = actions.create.isPending || actions.update.isPending;
  const save = form.handleSubmit(async (values) => {
    try {
      if (editing) {
        const item = await actions.update.mutateAsync({ ...values, id: editing.id });
        toast.success(t('discussion.updated'));
        onSaved(item, false);
      } else {
        const item = await actions.create.mutateAsync({
          ...values,
          title: titleWithProblem(values.title, pid),
          pid,
        });
        toast.success(t('discussion.posted'));
        onSaved(item, true);
      }
      onOpenChange(false);
    } catch {
      // the failure was shown as a toast; the form keeps what was typed
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('common.cancel')}
        data-testid="discussion-editor"
        className="max-h-[100dvh] max-w-full overflow-y-auto rounded-none p-4 sm:max-h-[92dvh] sm:max-w-3xl sm:rounded-lg sm:p-6"
      >
        <DialogHeader>
          <DialogTitle>
            {t(editing ? 'discussion.page.editTitle' : 'discussion.page.createTitle')}
          </DialogTitle>
          <DialogDescription>
            {problem ? t('discussion.page.aboutProblem', { pid: problem }) : t('discussion.page.editorHint')}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={save} noValidate className="grid min-w-0 gap-4">
          <FormField id={`${id}-title`} label={t('discussion.page.titleLabel')} error={errors.title?.message}>
            <Input
              id={`${id}-title`}
              maxLength={DISCUSSION_LIMITS.titleMax}
              aria-invalid={!!errors.title}
              data-testid="discussion-title-input"
              {...form.register('title')}
            />
          </FormField>
          <FormField
            id={`${id}-description`}
            label={t('discussion.page.descriptionLabel')}
            error={errors.description?.message}
          >
            <Input
              id={`${id}-description`}
              maxLength={DISCUSSION_LIMITS.descriptionMax}
              aria-invalid={!!errors.description}
              data-testid="discussion-description-input"
              {...form.register('description')}
            />
          </FormField>
          <div className="flex flex-wrap items-end gap-4">
            <Controller
              control={form.control}
              name="categoryId"
              render={({ field }) => (
                <FormField
                  id={`${id}-category`}
                  label={t('discussion.page.categoryLabel')}
                  error={errors.categoryId?.message}
                >
                  <Select value={field.value ? String(field.value) : ''} onValueChange={field.onChange}>
                    <SelectTrigger
                      id={`${id}-category`}
                      className="w-56 max-w-full"
                      aria-invalid={!!errors.categoryId}
                      data-testid="discussion-category-select"
                    >
                      <SelectValue placeholder={t('discussion.page.chooseCategory')} />
                    </SelectTrigger>
                    <SelectContent>
                      {categories.map((c) => (
                        <SelectItem
                          key={c.id}
                          value={String(c.id)}
                          data-testid={`discussion-category-${c.id}`}
                        >
                          {c.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </FormField>
              )}
            />
            {isAdmin && (
              <Controller
                control={form.control}
                name="topPriority"
                render={({ field }) => (
                  <div className="flex h-9 items-center gap-2">
                    <Switch
                      id={`${id}-top`}
                      checked={field.value}
                      onCheckedChange={field.onChange}
                      data-testid="discussion-top-switch"
                    />
                    <Label htmlFor={`${id}-top`}>{t('discussion.page.pin')}</Label>
                  </div>
                )}
              />
            )}
          </div>
          <FormField
            id={`${id}-content`}
            label={t('discussion.page.contentLabel')}
            error={errors.content?.message}
          >
            <div className="grid gap-1.5 [&_textarea]:min-h-64 [&_textarea]:w-full">
              <MarkdownEditor
                id={`${id}-content`}
                rows={14}
                invalid={!!errors.content}
                // the test id rides along with the registered field (MarkdownEditor spreads it on the textarea)
                field={
                  {
                    ...form.register('content'),
                    'data-testid': 'discussion-content-input',
                  } as UseFormRegisterReturn
                }
                previewText={() => form.getValues('content')}
                previewTestId="discussion-content-preview"
              />
            </div>
          </FormField>
          <p className="text-xs text-muted-foreground">{t('discussion.page.markdownHint')}</p>
          <div className="flex justify-end gap-2">
            <SubmitButton pending={pending} data-testid="discussion-submit">
              {t(editing ? 'discussion.page.save' : 'discussion.page.publish')}
            </SubmitButton>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
