import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { InputField } from '@/web/components/form-field';
import { TitledCard } from '@/web/components/titled-card';
import type { ContestFormValues } from '../lib/contest-form-values';
import { durationParts, durationSeconds, fromLocalInput, timeZoneLabel } from '../lib/local-time';
import { SwitchField } from './form-parts';

/** "2 h 30 min" (or with days) for a number of seconds. */
export function useDurationText() {
  const { t } = useTranslation();
  return (seconds: number) => {
    const { days, hours, minutes } = durationParts(seconds);
    return t('admin.contest.durationValue', { days, hours, minutes, context: days ? 'days' : undefined });
  };
}

/**
 * Start and end as wall-clock times of the browser's zone (named, since the server keeps UTC),
 * the duration they make, and the sealed board: whether, from when, and whether it opens by
 * itself after the end.
 */
export function TimeSection() {
  const { t } = useTranslation();
  const { register, control, formState } = useFormContext<ContestFormValues>();
  const { errors } = formState;
  const [start, end, sealRank] = useWatch({ control, name: ['startTime', 'endTime', 'sealRank'] });
  const startIso = fromLocalInput(start);
  const seconds = durationSeconds(startIso, fromLocalInput(end));
  const durationText = useDurationText();
  const zone = timeZoneLabel(startIso ? new Date(startIso) : new Date());
  return (
    <TitledCard title={t('admin.contest.section.time')}>
      <p className="text-sm text-muted-foreground" data-testid="contest-time-zone">
        {t('admin.contest.timeZone', { zone })}
      </p>
      <div className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <InputField
          id="contest-startTime"
          type="datetime-local"
          step={1}
          label={t('admin.contest.startTime')}
          error={errors.startTime?.message}
          {...register('startTime')}
        />
        <InputField
          id="contest-endTime"
          type="datetime-local"
          step={1}
          label={t('admin.contest.endTime')}
          error={errors.endTime?.message}
          {...register('endTime')}
        />
        <div className="grid gap-1.5 sm:col-span-2 lg:col-span-1">
          <span className="text-sm font-medium">{t('admin.contest.duration')}</span>
          <output
            htmlFor="contest-startTime contest-endTime"
            className="flex h-9 items-center text-sm tabular-nums"
            data-testid="contest-duration"
          >
            {seconds === null ? '—' : durationText(seconds)}
          </output>
        </div>
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <SwitchField
          name="sealRank"
          label={t('admin.contest.sealRank')}
          hint={t('admin.contest.sealRankHint')}
        />
        {sealRank && (
          <InputField
            id="contest-sealRankTime"
            type="datetime-local"
            step={1}
            label={t('admin.contest.sealRankTime')}
            error={errors.sealRankTime?.message}
            {...register('sealRankTime')}
          />
        )}
        {sealRank && (
          <div className="sm:col-span-2">
            <SwitchField
              name="autoRealRank"
              label={t('admin.contest.autoRealRank')}
              hint={t('admin.contest.autoRealRankHint')}
            />
          </div>
        )}
      </div>
    </TitledCard>
  );
}
