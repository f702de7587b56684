import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ContestAuth,
  type ContestAuthValue,
  ContestType,
  type ContestTypeValue,
} from '@/shared/constants/contests';
import { FormField, InputField } from '@/web/components/form-field';
import { MarkdownEditor } from '@/web/components/markdown-editor';
import { TitledCard } from '@/web/components/titled-card';
import { AUTH_KEY } from '@/web/features/contests';
import { useStatementUploads } from '../../markdown-uploads';
import { FormSelect } from '../../problems/components/form-select';
import type { ContestFormValues } from '../lib/contest-form-values';
import { SwitchField } from './form-parts';

const AUTHS = [ContestAuth.PUBLIC, ContestAuth.PRIVATE, ContestAuth.PROTECTED] as const;

/** Title, type, who may enter (with the password of a private or protected contest), visibility and the description. */
export function BasicsSection() {
  const { t } = useTranslation();
  const { register, control, getValues, formState } = useFormContext<ContestFormValues>();
  const { errors } = formState;
  const auth = useWatch({ control, name: 'auth' });
  const uploads = useStatementUploads();
  return (
    <TitledCard title={t('admin.contest.section.basics')}>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <InputField
            id="contest-title"
            label={t('admin.contest.title')}
            autoComplete="off"
            error={errors.title?.message}
            {...register('title')}
          />
        </div>
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <FormSelect
              id="contest-type"
              label={t('admin.contest.type')}
              hint={t('admin.contest.typeHint')}
              value={String(field.value)}
              onChange={(v) => field.onChange(Number(v) as ContestTypeValue)}
              error={errors.type?.message}
              options={[
                { value: String(ContestType.ACM), label: t('admin.contest.typeAcm') },
                { value: String(ContestType.OI), label: t('admin.contest.typeOi') },
              ]}
            />
          )}
        />
        <Controller
          control={control}
          name="auth"
          render={({ field }) => (
            <FormSelect
              id="contest-auth"
              label={t('admin.contest.access')}
              hint={t(`admin.contest.authHint.${field.value}`)}
              value={String(field.value)}
              onChange={(v) => field.onChange(Number(v) as ContestAuthValue)}
              error={errors.auth?.message}
              options={AUTHS.map((a) => ({ value: String(a), label: t(AUTH_KEY[a]) }))}
            />
          )}
        />
        {auth !== ContestAuth.PUBLIC && (
          <InputField
            id="contest-pwd"
            label={t('admin.contest.password')}
            autoComplete="off"
            error={errors.pwd?.message}
            {...register('pwd')}
          />
        )}
        <div className={auth === ContestAuth.PUBLIC ? 'sm:col-span-2' : undefined}>
          <SwitchField
            name="visible"
            label={t('admin.contest.visible')}
            hint={t('admin.contest.visibleHint')}
          />
        </div>
        <div className="min-w-0 sm:col-span-2">
          <FormField
            id="contest-description"
            label={t('admin.contest.description')}
            error={errors.description?.message}
          >
            <MarkdownEditor
              id="contest-description"
              rows={8}
              invalid={!!errors.description}
              field={register('description')}
              previewText={() => getValues('description') ?? ''}
              previewTestId="contest-description-preview"
              uploads={uploads}
            />
          </FormField>
        </div>
      </div>
    </TitledCard>
  );
}
