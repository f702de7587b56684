import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, InputField } from '@/web/components/form-field';
import { TitledCard } from '@/web/components/titled-card';
import { Button } from '@/web/components/ui/button';
import { Textarea } from '@/web/components/ui/textarea';
import type { EditorValues } from '../lib/editor-values';

type ListName = 'userFiles' | 'judgeFiles';

/**
 * HOJ's extra files: the annex contestants get (written next to their source, listed on the
 * problem page) and the judge's (next to the checker or interactor, e.g. a header it includes).
 */
export function ExtraFilesSection() {
  const { t } = useTranslation();
  return (
    <TitledCard title={t('admin.problem.section.extraFiles')}>
      <ExtraFileList list="userFiles" />
      <ExtraFileList list="judgeFiles" />
    </TitledCard>
  );
}

function ExtraFileList({ list }: { list: ListName }) {
  const { t } = useTranslation();
  const { control, register, formState } = useFormContext<EditorValues>();
  const { fields, append, remove } = useFieldArray({ control, name: list });
  const errors = formState.errors[list];
  const listError = errors?.message ?? errors?.root?.message;
  const label = (key: string, params?: Record<string, string | number>) =>
    t(`admin.problem.extraFiles.${list}.${key}`, params);
  return (
    <section className="grid min-w-0 gap-2" data-testid={`extra-${list}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-medium">{label('title')}</h3>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => append({ name: '', content: '' })}
          data-testid={`extra-${list}-add`}
        >
          <Plus />
          {t('admin.problem.extraFiles.add')}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{label('hint')}</p>
      {fields.length === 0 && (
        <p className="text-sm text-muted-foreground">{t('admin.problem.extraFiles.none')}</p>
      )}
      {fields.map((field, i) => {
        const id = `extra-${list}-${i}`;
        return (
          <div key={field.id} className="grid min-w-0 gap-2 rounded-md border p-3" data-testid={id}>
            <div className="flex items-end gap-2">
              <div className="min-w-0 flex-1">
                <InputField
                  id={`${id}-name`}
                  label={t('admin.problem.extraFiles.name')}
                  autoComplete="off"
                  spellCheck={false}
                  className="font-mono"
                  error={errors?.[i]?.name?.message}
                  {...register(`${list}.${i}.name`)}
                />
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={t('admin.problem.extraFiles.remove', { n: i + 1 })}
                onClick={() => remove(i)}
                data-testid={`${id}-remove`}
              >
                <Trash2 />
              </Button>
            </div>
            <FormField id={`${id}-content`} label={t('admin.problem.extraFiles.content')}>
              <Textarea
                id={`${id}-content`}
                rows={4}
                className="font-mono"
                spellCheck={false}
                {...register(`${list}.${i}.content`)}
              />
            </FormField>
          </div>
        );
      })}
      {listError && (
        <p role="alert" className="text-sm text-destructive" data-testid={`extra-${list}-error`}>
          {t(listError)}
        </p>
      )}
    </section>
  );
}
