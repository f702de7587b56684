import { Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AwardType, CONTEST_LIMITS } from '@/shared/constants/contests';
import { TitledCard } from '@/web/components/titled-card';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { FormSelect } from '../../problems/components/form-select';
import { type AwardTypeValue, type ContestFormValues, newAward } from '../lib/contest-form-values';

const TYPES = [AwardType.NONE, AwardType.PERCENT, AwardType.COUNT] as const;
/** the levels a contest starts with when awards are turned on */
const MEDALS = [
  'admin.contest.medal.gold',
  'admin.contest.medal.silver',
  'admin.contest.medal.bronze',
] as const;

/** One level's colour: a swatch the user picks from, labelled for screen readers. */
function ColourInput({
  id,
  label,
  index,
  name,
}: {
  id: string;
  label: string;
  index: number;
  name: 'background' | 'color';
}) {
  const { register } = useFormContext<ContestFormValues>();
  return (
    <div className="grid gap-1">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <input
        id={id}
        type="color"
        className="h-9 w-14 cursor-pointer rounded-md border bg-transparent p-1"
        data-testid={id}
        {...register(`awardConfigList.${index}.${name}`)}
      />
    </div>
  );
}

/**
 * Awards on the final board: none, by share of the ranked participants or by number of them,
 * each level with its name and the colours its rows get (a preview shows them).
 */
export function AwardsSection() {
  const { t } = useTranslation();
  const { control, register, setValue, formState } = useFormContext<ContestFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'awardConfigList' });
  const [awardType, rows] = useWatch({ control, name: ['awardType', 'awardConfigList'] });
  const rowErrors = formState.errors.awardConfigList;
  const unit = awardType === AwardType.PERCENT ? '%' : t('admin.contest.awardPeople');
  return (
    <TitledCard title={t('admin.contest.section.awards')} testId="contest-awards">
      <div className="sm:max-w-xs">
        <Controller
          control={control}
          name="awardType"
          render={({ field }) => (
            <FormSelect
              id="contest-awardType"
              label={t('admin.contest.awardType')}
              value={String(field.value)}
              onChange={(v) => {
                const next = Number(v) as AwardTypeValue;
                field.onChange(next);
                if (next !== AwardType.NONE && fields.length === 0) {
                  setValue(
                    'awardConfigList',
                    MEDALS.map((key, i) => ({ ...newAward(i, next), name: t(key) })),
                  );
                }
              }}
              error={formState.errors.awardType?.message}
              options={TYPES.map((a) => ({ value: String(a), label: t(`admin.contest.award.${a}`) }))}
            />
          )}
        />
      </div>
      {awardType !== AwardType.NONE && (
        <>
          <ol className="grid gap-3">
            {fields.map((f, i) => {
              const row = rows?.[i];
              const error = rowErrors?.[i]?.name?.message ?? rowErrors?.[i]?.num?.message;
              return (
                <li
                  key={f.id}
                  className="grid gap-2 rounded-md border p-3"
                  data-testid={`contest-award-${i}`}
                >
                  <div className="flex flex-wrap items-end gap-3">
                    <div className="grid min-w-0 flex-1 basis-40 gap-1">
                      <Label htmlFor={`contest-award-${i}-name`} className="text-xs text-muted-foreground">
                        {t('admin.contest.awardName', { n: i + 1 })}
                      </Label>
                      <Input
                        id={`contest-award-${i}-name`}
                        autoComplete="off"
                        maxLength={64}
                        aria-invalid={!!rowErrors?.[i]?.name}
                        {...register(`awardConfigList.${i}.name`)}
                      />
                    </div>
                    <div className="grid w-28 gap-1">
                      <Label htmlFor={`contest-award-${i}-num`} className="text-xs text-muted-foreground">
                        {t(
                          awardType === AwardType.PERCENT
                            ? 'admin.contest.awardPercent'
                            : 'admin.contest.awardCount',
                        )}
                      </Label>
                      <div className="flex items-center gap-1">
                        <Input
                          id={`contest-award-${i}-num`}
                          type="number"
                          inputMode="decimal"
                          min={0}
                          step="any"
                          aria-invalid={!!rowErrors?.[i]?.num}
                          {...register(`awardConfigList.${i}.num`, { valueAsNumber: true })}
                        />
                        <span className="text-xs text-muted-foreground">{unit}</span>
                      </div>
                    </div>
                    <ColourInput
                      id={`contest-award-${i}-background`}
                      label={t('admin.contest.awardBackground')}
                      index={i}
                      name="background"
                    />
                    <ColourInput
                      id={`contest-award-${i}-color`}
                      label={t('admin.contest.awardColor')}
                      index={i}
                      name="color"
                    />
                    <span
                      className="inline-flex h-9 items-center rounded-md px-3 text-sm font-medium"
                      style={{ backgroundColor: row?.background, color: row?.color }}
                      aria-hidden
                    >
                      {row?.name || t('admin.contest.awardPreview')}
                    </span>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="ml-auto"
                      aria-label={t('admin.contest.awardRemove', { n: i + 1 })}
                      onClick={() => remove(i)}
                    >
                      <Trash2 />
                    </Button>
                  </div>
                  {error && (
                    <p role="alert" className="text-sm text-destructive">
                      {t(error)}
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
          <div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={fields.length >= CONTEST_LIMITS.awardConfigMax}
              onClick={() => append(newAward(fields.length, awardType))}
              data-testid="contest-award-add"
            >
              <Plus />
              {t('admin.contest.awardAdd')}
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">
            {t(
              awardType === AwardType.PERCENT
                ? 'admin.contest.awardPercentHint'
                : 'admin.contest.awardCountHint',
            )}
          </p>
        </>
      )}
    </TitledCard>
  );
}
