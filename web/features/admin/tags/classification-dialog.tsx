import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TagClassification } from '@/shared/api/types';
import { TAG_CLASSIFICATION_TYPES } from '@/shared/constants/problems';
import { type ClassificationForm, classificationBody } from '@/shared/schemas/tag-admin';
import { FormField } from '@/web/components/form-field';
import { SubmitButton } from '@/web/components/pending-button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { FormSelect } from '../problems/components/form-select';

/** Create (classification null) or edit a classification: its name, kind and place in the list. */
export function ClassificationDialog({
  open,
  classification,
  saving,
  onOpenChange,
  onSave,
}: {
  open: boolean;
  classification: TagClassification | null;
  saving: boolean;
  onOpenChange(open: boolean): void;
  onSave(values: ClassificationForm): void;
}) {
  const { t } = useTranslation();
  const form = useForm<ClassificationForm>({ resolver: zodResolver(classificationBody) });
  const { errors } = form.formState;

  useEffect(() => {
    if (open)
      form.reset({
        name: classification?.name ?? '',
        type: classification?.type ?? 1,
        rank: classification?.rank ?? 0,
      });
  }, [open, classification, form]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common.cancel')} data-testid="classification-dialog">
        <DialogHeader>
          <DialogTitle>
            {t(classification ? 'admin.tag.editClassification' : 'admin.tag.createClassification')}
          </DialogTitle>
        </DialogHeader>
        <form onSubmit={form.handleSubmit(onSave)} noValidate className="grid gap-4">
          <FormField id="classification-name" label={t('admin.tag.name')} error={errors.name?.message}>
            <Input id="classification-name" aria-invalid={!!errors.name} {...form.register('name')} />
          </FormField>
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <FormSelect
                id="classification-type"
                label={t('admin.tag.kind')}
                value={String(field.value ?? 1)}
                onChange={(v) => field.onChange(Number(v))}
                options={TAG_CLASSIFICATION_TYPES.map((k) => ({
                  value: String(k),
                  label: t(`admin.tag.kinds.${k}`),
                }))}
                error={errors.type?.message}
              />
            )}
          />
          <FormField
            id="classification-rank"
            label={t('admin.tag.rank')}
            hint={t('admin.tag.rankHint')}
            error={errors.rank?.message}
          >
            <Input
              id="classification-rank"
              type="number"
              min={0}
              inputMode="numeric"
              {...form.register('rank')}
            />
          </FormField>
          <SubmitButton pending={saving} className="justify-self-end" data-testid="classification-save">
            {t('admin.save')}
          </SubmitButton>
        </form>
      </DialogContent>
    </Dialog>
  );
}
