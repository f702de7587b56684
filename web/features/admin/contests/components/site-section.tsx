import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CONTEST_LIMITS } from '@/shared/constants/contests';
import { FormField, InputField } from '@/web/components/form-field';
import { MarkdownEditor } from '@/web/components/markdown-editor';
import { TitledCard } from '@/web/components/titled-card';
import { useStatementUploads } from '../../markdown-uploads';
import type { ContestFormValues } from '../lib/contest-form-values';
import { BackgroundImageField } from './background-image-field';

const TEXTS = ['subheading', 'organizer', 'coOrganizer', 'sponsor'] as const;

/**
 * The contest's own site at /SHORT and its landing page (subheading, organisers, sponsor,
 * background image), and the briefing shown before entering the contest.
 */
export function SiteSection() {
  const { t } = useTranslation();
  const { register, control, getValues, formState } = useFormContext<ContestFormValues>();
  const { errors } = formState;
  const shortName = useWatch({ control, name: 'shortName' });
  const uploads = useStatementUploads();
  const address = shortName.trim() ? `${window.location.origin}/${shortName.trim()}` : null;
  return (
    <TitledCard title={t('admin.contest.section.site')}>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <InputField
            id="contest-shortName"
            label={t('admin.contest.shortName')}
            autoComplete="off"
            maxLength={CONTEST_LIMITS.shortNameMaxLength}
            error={errors.shortName?.message}
            {...register('shortName')}
          />
          <p className="text-xs break-all text-muted-foreground" data-testid="contest-site-address">
            {address ? t('admin.contest.shortNameAddress', { address }) : t('admin.contest.shortNameHint')}
          </p>
        </div>
        {TEXTS.map((name) => (
          <InputField
            key={name}
            id={`contest-${name}`}
            label={t(`admin.contest.${name}`)}
            autoComplete="off"
            error={errors[name]?.message}
            {...register(name)}
          />
        ))}
        <BackgroundImageField />
      </div>
      <InputField
        id="contest-informedTitle"
        label={t('admin.contest.informedTitle')}
        autoComplete="off"
        error={errors.informedTitle?.message}
        {...register('informedTitle')}
      />
      <FormField
        id="contest-informed"
        label={t('admin.contest.informed')}
        hint={t('admin.contest.informedHint')}
        error={errors.informed?.message}
      >
        <MarkdownEditor
          id="contest-informed"
          rows={5}
          invalid={!!errors.informed}
          field={register('informed')}
          previewText={() => getValues('informed') ?? ''}
          previewTestId="contest-informed-preview"
          uploads={uploads}
        />
      </FormField>
    </TitledCard>
  );
}
