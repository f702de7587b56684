import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { JudgeCaseMode, JudgeMode, Language } from '@/shared/api/types';
import { InputField } from '@/web/components/form-field';
import { TitledCard } from '@/web/components/titled-card';
import { Label } from '@/web/components/ui/label';
import { Switch } from '@/web/components/ui/switch';
import type { EditorValues } from '../lib/editor-values';
import { CASE_MODES, JUDGE_MODES } from '../lib/options';
import { CheckerField } from './checker-field';
import { FormSelect } from './form-select';

const SWITCHES = ['isRemoveEndBlank', 'openCaseResult', 'codeShare', 'isFileIO'] as const;

/** How the problem is judged: the judge mode and its checker, the case mode, and the judging switches. */
export function JudgeSection({ languages }: { languages: readonly Language[] }) {
  const { t } = useTranslation();
  const { control, register, formState } = useFormContext<EditorValues>();
  const judgeMode = useWatch({ control, name: 'problem.judgeMode' });
  const fileIO = useWatch({ control, name: 'problem.isFileIO' });
  const errors = formState.errors.problem ?? {};
  return (
    <TitledCard title={t('admin.problem.section.judging')}>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="problem.judgeMode"
          render={({ field }) => (
            <FormSelect
              id="problem-judgeMode"
              label={t('admin.problem.judgeMode.label')}
              value={field.value}
              onChange={(v) => field.onChange(v as JudgeMode)}
              options={JUDGE_MODES.map((m) => ({ value: m, label: t(`admin.problem.judgeMode.${m}`) }))}
            />
          )}
        />
        <Controller
          control={control}
          name="problem.judgeCaseMode"
          render={({ field }) => (
            <FormSelect
              id="problem-judgeCaseMode"
              label={t('admin.problem.caseMode.label')}
              hint={t('admin.problem.caseMode.hint')}
              value={field.value}
              onChange={(v) => field.onChange(v as JudgeCaseMode)}
              options={CASE_MODES.map((m) => ({ value: m, label: t(`admin.problem.caseMode.${m}`) }))}
            />
          )}
        />
      </div>
      {judgeMode !== 'default' && <CheckerField languages={languages} kind={judgeMode} />}
      <div className="grid gap-2 sm:grid-cols-2">
        {SWITCHES.map((name) => (
          <Controller
            key={name}
            control={control}
            name={`problem.${name}`}
            render={({ field }) => (
              <div className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
                <Label htmlFor={`problem-${name}`} className="leading-snug">
                  {t(`admin.problem.switches.${name}`)}
                </Label>
                <Switch
                  id={`problem-${name}`}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  data-testid={`problem-${name}`}
                />
              </div>
            )}
          />
        ))}
      </div>
      {fileIO && (
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <InputField
            id="problem-ioReadFileName"
            label={t('admin.problem.fileIo.input')}
            placeholder="data.in"
            autoComplete="off"
            error={errors.ioReadFileName?.message}
            {...register('problem.ioReadFileName')}
          />
          <InputField
            id="problem-ioWriteFileName"
            label={t('admin.problem.fileIo.output')}
            placeholder="data.out"
            autoComplete="off"
            error={errors.ioWriteFileName?.message}
            {...register('problem.ioWriteFileName')}
          />
        </div>
      )}
    </TitledCard>
  );
}
