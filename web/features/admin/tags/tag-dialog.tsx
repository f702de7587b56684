import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Tag, TagClassification } from '@/shared/api/types';
import { type TagForm, tagBody } from '@/shared/schemas/tag-admin';
import { FormField } from '@/web/components/form-field';
import { SubmitButton } from '@/web/components/pending-button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { FormSelect } from '../problems/components/form-select';

const NO_CLASSIFICATION = 'none';
const DEFAULT_COLOR = '#2563eb';

/** Create (tag null) or edit a tag: its name, colour and classification. */
export function TagDialog({
  open,
  tag,
  classifications,
  saving,
  onOpenChange,
  onSave,
}: {
  open: boolean;
  tag: Tag | null;
  classifications: readonly TagClassification[];
  saving: boolean;
  onOpenChange(open: boolean): void;
  onSave(values: TagForm): void;
}) {
  const { t } = useTranslation();
  const form = useForm<TagForm>({ resolver: zodResolver(tagBody) });
  const { errors } = form.formState;

  useEffect(() => {
    if (open)
      form.reset({ name: tag?.name ?? '', color: tag?.color ?? DEFAULT_COLOR, tcid: tag?.tcid ?? null });
  }, [open, tag, form]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common.cancel')} data-testid="tag-dialog">
        <DialogHeader>
          <DialogTitle>{t(tag ? 'admin.tag.edit' : 'admin.tag.create')}</DialogTitle>
        </DialogHeader>
        <form onSubmit={form.handleSubmit(onSave)} noValidate className="grid gap-4">
          <FormField id="tag-name" label={t('admin.tag.name')} error={errors.name?.message}>
            <Input id="tag-name" aria-invalid={!!errors.name} {...form.register('name')} />
          </FormField>
          <Controller
            control={form.control}
            name="color"
            render={({ field }) => (
              <FormField id="tag-color" label={t('admin.tag.color')} error={errors.color?.message}>
                <div className="flex items-center gap-2">
                  <input
                    type="color"
                    aria-label={t('admin.tag.color')}
                    className="h-9 w-12 cursor-pointer rounded-md border bg-transparent"
                    value={
                      /^#[0-9a-fA-F]{6}$/.test(field.value ?? '')
                        ? (field.value ?? DEFAULT_COLOR)
                        : DEFAULT_COLOR
                    }
                    onChange={(e) => field.onChange(e.target.value)}
                  />
                  <Input
                    id="tag-color"
                    className="max-w-36 font-mono"
                    aria-invalid={!!errors.color}
                    value={field.value ?? ''}
                    onChange={(e) => field.onChange(e.target.value)}
                  />
                </div>
              </FormField>
            )}
          />
          <Controller
            control={form.control}
            name="tcid"
            render={({ field }) => (
              <FormSelect
                id="tag-classification"
                label={t('admin.tag.classification')}
                value={field.value == null ? NO_CLASSIFICATION : String(field.value)}
                onChange={(v) => field.onChange(v === NO_CLASSIFICATION ? null : Number(v))}
                options={[
                  { value: NO_CLASSIFICATION, label: t('admin.tag.noClassification') },
                  ...classifications.map((c) => ({ value: String(c.id), label: c.name })),
                ]}
              />
            )}
          />
          <SubmitButton pending={saving} className="justify-self-end" data-testid="tag-save">
            {t('admin.save')}
          </SubmitButton>
        </form>
      </DialogContent>
    </Dialog>
  );
}
