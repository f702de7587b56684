import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { type EditorValues, emptyTypedCase } from '../lib/editor-values';
import { CaseNumberInputs } from './case-number-inputs';

/** Cases typed in: each one's input and output, score and group; they replace the stored cases on save. */
export function TypedCaseList() {
  const { t } = useTranslation();
  const { control, register } = useFormContext<EditorValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'typedCases' });
  return (
    <div className="grid gap-3" data-testid="typed-cases">
      {fields.map((field, i) => (
        <div key={field.id} className="grid gap-2 rounded-md border p-3">
          <div className="flex items-center justify-between gap-2">
            <h3 className="text-sm font-medium">{t('admin.problem.cases.n', { n: i + 1 })}</h3>
            <Button
              type="button"
              variant="ghost"
              size="icon-sm"
              aria-label={t('admin.problem.cases.remove', { n: i + 1 })}
              onClick={() => remove(i)}
              disabled={fields.length === 1}
            >
              <Trash2 />
            </Button>
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            {(['input', 'output'] as const).map((side) => (
              <div key={side} className="grid min-w-0 gap-1.5">
                <Label htmlFor={`typed-case-${i}-${side}`}>{t(`admin.problem.cases.${side}`)}</Label>
                <Textarea
                  id={`typed-case-${i}-${side}`}
                  rows={4}
                  spellCheck={false}
                  className="font-mono text-xs md:text-xs"
                  {...register(`typedCases.${i}.${side}`)}
                />
              </div>
            ))}
          </div>
          <div className="grid gap-1 sm:max-w-64">
            <div className="hidden grid-cols-2 gap-2 text-xs text-muted-foreground sm:grid" aria-hidden>
              <span>{t('admin.problem.cases.score')}</span>
              <span>{t('admin.problem.cases.group')}</span>
            </div>
            <CaseNumberInputs list="typedCases" index={i} />
          </div>
        </div>
      ))}
      <div>
        <Button type="button" size="sm" variant="outline" onClick={() => append(emptyTypedCase())}>
          <Plus />
          {t('admin.problem.cases.add')}
        </Button>
      </div>
    </div>
  );
}
