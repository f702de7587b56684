import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { InputField } from '@/web/components/form-field';
import { TitledCard } from '@/web/components/titled-card';
import { Label } from '@/web/components/ui/label';
import type { EditorValues } from '../../problems/lib/editor-values';
import { BalloonColour } from './balloon-colour';

/**
 * The problem editor's contest section: the display id the problem gets in the contest, the
 * title the contest shows (empty: the problem's own) and its balloon colour. Once the problem is
 * made, a further save only places it.
 */
export function PlacementSection({ contestTitle, madeAs }: { contestTitle: string; madeAs: string | null }) {
  const { t } = useTranslation();
  const { register, control, formState } = useFormContext<EditorValues>();
  const errors = formState.errors.contest ?? {};
  return (
    <TitledCard title={t('admin.contest.placement', { title: contestTitle })} testId="contest-placement">
      {madeAs && (
        <p className="text-sm text-muted-foreground" role="status" data-testid="contest-placement-made">
          {t('admin.contest.placementMade', { problemId: madeAs })}
        </p>
      )}
      <div className="grid items-start gap-4 sm:grid-cols-[12rem_minmax(0,1fr)_auto]">
        <InputField
          id="contest-displayId"
          label={t('admin.contest.displayIdInContest')}
          autoComplete="off"
          className="font-mono"
          error={errors.displayId?.message}
          {...register('contest.displayId')}
        />
        <InputField
          id="contest-displayTitle"
          label={t('admin.contest.displayTitle')}
          placeholder={t('admin.contest.displayTitleHint')}
          autoComplete="off"
          error={errors.displayTitle?.message}
          {...register('contest.displayTitle')}
        />
        <div className="grid gap-1.5">
          <Label htmlFor="contest-color">{t('admin.contest.balloon')}</Label>
          <Controller
            control={control}
            name="contest.color"
            render={({ field }) => (
              <BalloonColour
                id="contest-color"
                label={t('admin.contest.balloon')}
                value={field.value ?? ''}
                onChange={field.onChange}
                invalid={!!errors.color}
              />
            )}
          />
        </div>
      </div>
    </TitledCard>
  );
}
