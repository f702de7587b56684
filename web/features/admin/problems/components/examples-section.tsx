import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TitledCard } from '@/web/components/titled-card';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import type { EditorValues } from '../lib/editor-values';

/** The statement's samples: input and output pairs, added and removed freely; empty pairs are dropped on save. */
export function ExamplesSection() {
  const { t } = useTranslation();
  const { control, register } = useFormContext<EditorValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'examples' });
  return (
    <TitledCard
      title={t('admin.problem.section.samples')}
      tools={
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => append({ input: '', output: '' })}
          data-testid="example-add"
        >
          <Plus />
          {t('admin.problem.samples.add')}
        </Button>
      }
    >
      {fields.length === 0 && (
        <p className="text-sm text-muted-foreground">{t('admin.problem.samples.none')}</p>
      )}
      {fields.map((field, i) => (
        <div key={field.id} className="grid min-w-0 gap-2 rounded-md border p-3" data-testid={`example-${i}`}>
          <div className="flex items-center justify-between gap-2">
            <h3 className="text-sm font-medium">{t('admin.problem.samples.n', { n: i + 1 })}</h3>
            <Button
              type="button"
              variant="ghost"
              size="icon-sm"
              aria-label={t('admin.problem.samples.remove', { n: i + 1 })}
              onClick={() => remove(i)}
              data-testid={`example-remove-${i}`}
            >
              <Trash2 />
            </Button>
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid min-w-0 gap-1.5">
              <Label htmlFor={`example-${i}-input`}>{t('admin.problem.samples.input')}</Label>
              <Textarea
                id={`example-${i}-input`}
                rows={3}
                className="font-mono"
                spellCheck={false}
                {...register(`examples.${i}.input`)}
              />
            </div>
            <div className="grid min-w-0 gap-1.5">
              <Label htmlFor={`example-${i}-output`}>{t('admin.problem.samples.output')}</Label>
              <Textarea
                id={`example-${i}-output`}
                rows={3}
                className="font-mono"
                spellCheck={false}
                {...register(`examples.${i}.output`)}
              />
            </div>
          </div>
        </div>
      ))}
    </TitledCard>
  );
}
