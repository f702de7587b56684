import { Hammer } from 'lucide-react';
import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorText } from '@/shared/api/error-message';
import type { Language } from '@/shared/api/types';
import { FormField } from '@/web/components/form-field';
import { PendingButton } from '@/web/components/pending-button';
import { Textarea } from '@/web/components/ui/textarea';
import { useCompileChecker } from '../api';
import type { EditorValues } from '../lib/editor-values';
import { FormSelect } from './form-select';

/**
 * A special judge's or interactor's language and code, and a Compile button that compiles it in
 * the judge's sandbox: the compiler's words stay on screen when it fails.
 */
export function CheckerField({
  languages,
  kind,
}: {
  languages: readonly Language[];
  kind: 'spj' | 'interactive';
}) {
  const { t } = useTranslation();
  const { control, register, getValues, formState } = useFormContext<EditorValues>();
  const compile = useCompileChecker();
  const [failure, setFailure] = useState<string | null>(null);
  const language = useWatch({ control, name: 'problem.spjLanguage' });
  const errors = formState.errors.problem ?? {};

  const run = () => {
    setFailure(null);
    compile.mutate(
      { kind, code: getValues('problem.spjCode'), language },
      {
        onSuccess: (res) => toast.success(res.msg || t('admin.problem.checker.compiled')),
        onError: (error) => setFailure(apiErrorText(error, t)),
      },
    );
  };

  return (
    <div className="grid gap-3 rounded-md border p-3" data-testid="checker">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_1fr] sm:items-end">
        <Controller
          control={control}
          name="problem.spjLanguage"
          render={({ field }) => (
            <FormSelect
              id="problem-spjLanguage"
              label={t('admin.problem.checker.language')}
              value={field.value}
              onChange={field.onChange}
              options={languages.map((l) => ({ value: l.name, label: l.name }))}
            />
          )}
        />
        <div>
          <PendingButton
            type="button"
            variant="outline"
            pending={compile.isPending}
            onClick={run}
            data-testid="checker-compile"
          >
            {!compile.isPending && <Hammer aria-hidden />}
            {t('admin.problem.checker.compile')}
          </PendingButton>
        </div>
      </div>
      <FormField
        id="problem-spjCode"
        label={t(kind === 'spj' ? 'admin.problem.checker.spjCode' : 'admin.problem.checker.interactorCode')}
        hint={t(kind === 'spj' ? 'admin.problem.checker.spjHint' : 'admin.problem.checker.interactorHint')}
        error={errors.spjCode?.message}
      >
        <Textarea
          id="problem-spjCode"
          rows={14}
          spellCheck={false}
          className="font-mono text-xs md:text-xs"
          aria-invalid={!!errors.spjCode}
          {...register('problem.spjCode')}
        />
      </FormField>
      {failure && (
        <pre
          role="alert"
          className="max-h-72 overflow-auto whitespace-pre-wrap break-words rounded-md border border-destructive/40 bg-destructive/5 p-3 font-mono text-xs text-destructive"
          data-testid="checker-compile-error"
        >
          {failure}
        </pre>
      )}
    </div>
  );
}
