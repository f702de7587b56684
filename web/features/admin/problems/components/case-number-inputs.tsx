import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import type { EditorValues } from '../lib/editor-values';

type CaseList = 'keptCases' | 'uploadedCases' | 'typedCases';

/** An empty box means "no value" (score 0 on the server, no group), not NaN. */
const numberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/** A case's score and group boxes, labelled on phones (the desktop list has a header row instead). */
export function CaseNumberInputs({ list, index }: { list: CaseList; index: number }) {
  const { t } = useTranslation();
  const { register, formState } = useFormContext<EditorValues>();
  const errors = formState.errors[list]?.[index];
  const box = (name: 'score' | 'groupNum') => {
    const id = `${list}-${index}-${name}`;
    const error = errors?.[name]?.message;
    return (
      <div className="grid min-w-0 gap-1">
        <Label htmlFor={id} className="text-xs text-muted-foreground sm:sr-only">
          {t(name === 'score' ? 'admin.problem.cases.score' : 'admin.problem.cases.group')}
        </Label>
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={name === 'score' ? 0 : 1}
          className="h-8"
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register(`${list}.${index}.${name}`, { setValueAs: numberOrNull })}
          data-testid={id}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
            {t(error)}
          </p>
        )}
      </div>
    );
  };
  return (
    <div className="grid grid-cols-2 gap-2">
      {box('score')}
      {box('groupNum')}
    </div>
  );
}
