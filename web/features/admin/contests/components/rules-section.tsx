import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CONTEST_GUARDS,
  ContestType,
  OI_RANK_SCORE_TYPES,
  type OiRankScoreType,
  PENALTY_MODES,
  type PenaltyModeValue,
  RANK_SHOW_NAMES,
  type RankShowName,
} from '@/shared/constants/contests';
import { FormField, InputField } from '@/web/components/form-field';
import { TitledCard } from '@/web/components/titled-card';
import { Textarea } from '@/web/components/ui/textarea';
import { FormSelect } from '../../problems/components/form-select';
import type { ContestFormValues } from '../lib/contest-form-values';
import { SwitchField } from './form-parts';

const toNumber = { valueAsNumber: true } as const;
const { submitBurst: BURST, submitRefillSeconds: REFILL } = CONTEST_GUARDS;

/**
 * How the board counts and shows (names, OI score, ACM penalty, star users), what participants
 * may do (outside board, submit after the end, print) and how fast they may submit.
 */
export function RulesSection() {
  const { t } = useTranslation();
  const { register, control, formState } = useFormContext<ContestFormValues>();
  const { errors } = formState;
  const type = useWatch({ control, name: 'type' });
  return (
    <TitledCard title={t('admin.contest.section.rules')}>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="rankShowName"
          render={({ field }) => (
            <FormSelect
              id="contest-rankShowName"
              label={t('admin.contest.rankShowName')}
              value={field.value}
              onChange={(v) => field.onChange(v as RankShowName)}
              error={errors.rankShowName?.message}
              options={RANK_SHOW_NAMES.map((n) => ({ value: n, label: t(`admin.contest.showName.${n}`) }))}
            />
          )}
        />
        {type === ContestType.OI ? (
          <Controller
            control={control}
            name="oiRankScoreType"
            render={({ field }) => (
              <FormSelect
                id="contest-oiRankScoreType"
                label={t('admin.contest.oiRankScoreType')}
                value={field.value}
                onChange={(v) => field.onChange(v as OiRankScoreType)}
                error={errors.oiRankScoreType?.message}
                options={OI_RANK_SCORE_TYPES.map((s) => ({
                  value: s,
                  label: t(`admin.contest.oiScore.${s}`),
                }))}
              />
            )}
          />
        ) : (
          <Controller
            control={control}
            name="penaltyMode"
            render={({ field }) => (
              <FormSelect
                id="contest-penaltyMode"
                label={t('admin.contest.penaltyMode')}
                value={field.value}
                onChange={(v) => field.onChange(v as PenaltyModeValue)}
                error={errors.penaltyMode?.message}
                options={PENALTY_MODES.map((m) => ({ value: m, label: t(`admin.contest.penalty.${m}`) }))}
              />
            )}
          />
        )}
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        <SwitchField
          name="openRank"
          label={t('admin.contest.openRank')}
          hint={t('admin.contest.openRankHint')}
        />
        <SwitchField
          name="allowEndSubmit"
          label={t('admin.contest.allowEndSubmit')}
          hint={t('admin.contest.allowEndSubmitHint')}
        />
        <SwitchField
          name="openPrint"
          label={t('admin.contest.openPrint')}
          hint={t('admin.contest.openPrintHint')}
        />
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <InputField
          id="contest-submitBurst"
          type="number"
          inputMode="numeric"
          min={BURST.min}
          max={BURST.max}
          label={t('admin.contest.submitBurst', BURST)}
          error={errors.submitBurst?.message}
          {...register('submitBurst', toNumber)}
        />
        <InputField
          id="contest-submitRefillSeconds"
          type="number"
          inputMode="numeric"
          min={REFILL.min}
          max={REFILL.max}
          label={t('admin.contest.submitRefillSeconds', REFILL)}
          error={errors.submitRefillSeconds?.message}
          {...register('submitRefillSeconds', toNumber)}
        />
        <p className="text-xs text-muted-foreground sm:col-span-2">{t('admin.contest.submitLimitHint')}</p>
      </div>
      <FormField
        id="contest-starAccount"
        label={t('admin.contest.starAccount')}
        hint={t('admin.contest.starAccountHint')}
        error={errors.starAccount?.message}
      >
        <Textarea
          id="contest-starAccount"
          rows={3}
          className="font-mono"
          aria-invalid={!!errors.starAccount}
          {...register('starAccount')}
        />
      </FormField>
    </TitledCard>
  );
}
