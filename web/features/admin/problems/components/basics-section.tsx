import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DIFFICULTY_LEVELS, ProblemAuth, ProblemType } from '@/shared/constants/problems';
import { FormField, InputField } from '@/web/components/form-field';
import { TitledCard } from '@/web/components/titled-card';
import { Input } from '@/web/components/ui/input';
import type { EditorValues } from '../lib/editor-values';
import { AUTH_OPTIONS } from '../lib/options';
import { FormSelect } from './form-select';

const toNumber = { valueAsNumber: true } as const;
/** a field that takes a phone's whole row and one column from the tablet up */
const WIDE = 'col-span-2 sm:col-span-1';

/**
 * Display id, title, limits, difficulty, type, visibility and source. Publishing is offered to
 * those who may publish, or kept when the problem is public already; a problem made for a
 * contest (`contestOnly`) is kept for contests, so its visibility is only shown. A group's
 * problem (`idPrefix`, its short name) shows the part of the display id the server puts in front.
 */
export function BasicsSection({
  canPublish,
  wasPublic,
  contestOnly = false,
  idPrefix = '',
  visibilityHint,
}: {
  canPublish: boolean;
  wasPublic: boolean;
  contestOnly?: boolean;
  idPrefix?: string;
  /** what the visibilities mean where the problem lives (a group's public problem is its members') */
  visibilityHint?: string;
}) {
  const { t } = useTranslation();
  const { register, control, formState } = useFormContext<EditorValues>();
  const errors = formState.errors.problem ?? {};
  const publishLocked = !canPublish && !wasPublic;
  return (
    <TitledCard title={t('admin.problem.section.basics')}>
      {/* the two limits share a row even on a phone; every other field takes a phone's whole row */}
      <div className="grid grid-cols-2 items-start gap-4 lg:grid-cols-4">
        <div className={WIDE}>
          {idPrefix ? (
            <FormField
              id="problem-problemId"
              label={t('admin.problem.displayId')}
              hint={t('admin.problem.idPrefixHint', { prefix: idPrefix })}
              error={errors.problemId?.message}
            >
              <div className="flex min-w-0 items-center">
                <span
                  className="flex h-9 shrink-0 items-center rounded-l-md border border-r-0 bg-muted px-2 font-mono text-sm text-muted-foreground"
                  data-testid="problem-id-prefix"
                >
                  {idPrefix}
                </span>
                <Input
                  id="problem-problemId"
                  className="min-w-0 rounded-l-none"
                  autoComplete="off"
                  aria-invalid={!!errors.problemId}
                  aria-describedby={errors.problemId ? 'problem-problemId-error' : undefined}
                  {...register('problem.problemId')}
                />
              </div>
            </FormField>
          ) : (
            <InputField
              id="problem-problemId"
              label={t('admin.problem.displayId')}
              placeholder="P1001"
              autoComplete="off"
              error={errors.problemId?.message}
              {...register('problem.problemId')}
            />
          )}
        </div>
        <div className={`${WIDE} lg:col-span-3`}>
          <InputField
            id="problem-title"
            label={t('admin.problem.title')}
            autoComplete="off"
            error={errors.title?.message}
            {...register('problem.title')}
          />
        </div>
        <InputField
          id="problem-timeLimit"
          type="number"
          inputMode="numeric"
          label={t('admin.problem.timeLimit')}
          error={errors.timeLimit?.message}
          {...register('problem.timeLimit', toNumber)}
        />
        <InputField
          id="problem-memoryLimit"
          type="number"
          inputMode="numeric"
          label={t('admin.problem.memoryLimit')}
          error={errors.memoryLimit?.message}
          {...register('problem.memoryLimit', toNumber)}
        />
        <div className={WIDE}>
          <Controller
            control={control}
            name="problem.difficulty"
            render={({ field }) => (
              <FormSelect
                id="problem-difficulty"
                label={t('admin.problem.difficulty')}
                value={String(field.value)}
                onChange={(v) => field.onChange(Number(v))}
                error={errors.difficulty?.message}
                options={DIFFICULTY_LEVELS.map((level) => ({
                  value: String(level),
                  label: `${level} · ${t(`problemPage.difficulty.${level}`)}`,
                }))}
              />
            )}
          />
        </div>
        <div className={WIDE}>
          <Controller
            control={control}
            name="problem.type"
            render={({ field }) => (
              <FormSelect
                id="problem-type"
                label={t('admin.problem.type')}
                value={String(field.value)}
                onChange={(v) => field.onChange(Number(v))}
                options={[
                  { value: String(ProblemType.ACM), label: t('admin.problem.typeAcm') },
                  { value: String(ProblemType.OI), label: t('admin.problem.typeOi') },
                ]}
              />
            )}
          />
        </div>
        <div className={WIDE}>
          {contestOnly ? (
            <div className="grid gap-1.5">
              <span className="text-sm font-medium">{t('admin.problem.visibility')}</span>
              <p className="flex min-h-9 items-center text-sm" data-testid="problem-auth-contest-only">
                {t(`admin.problem.auth.${ProblemAuth.CONTEST}`)}
              </p>
            </div>
          ) : (
            <Controller
              control={control}
              name="problem.auth"
              render={({ field }) => (
                <FormSelect
                  id="problem-auth"
                  label={t('admin.problem.visibility')}
                  value={String(field.value)}
                  onChange={(v) => field.onChange(Number(v))}
                  hint={visibilityHint}
                  error={errors.auth?.message}
                  note={publishLocked ? t('problemAccess.publishNotAllowed') : undefined}
                  options={AUTH_OPTIONS.map((o) => ({
                    value: String(o.value),
                    label: t(o.key),
                    disabled: o.value === ProblemAuth.PUBLIC && publishLocked,
                  }))}
                />
              )}
            />
          )}
        </div>
        <div className={`${WIDE} lg:col-span-3`}>
          <InputField
            id="problem-source"
            label={t('admin.problem.source')}
            error={errors.source?.message}
            {...register('problem.source')}
          />
        </div>
      </div>
    </TitledCard>
  );
}
