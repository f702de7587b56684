import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { USER_ADMIN_LIMITS } from '@/shared/schemas/user-admin';
import { FormField, InputField } from '@/web/components/form-field';
import { SubmitButton } from '@/web/components/pending-button';
import { Textarea } from '@/web/components/ui/textarea';
import {
  GENERATE_DEFAULTS,
  type GenerateValues,
  generatedPreview,
  generateResolver,
  realnameLines,
} from '../lib/generate-form';

/**
 * HOJ's generator: prefix + number + suffix for each number from the first to the last, random
 * passwords of the chosen length, and optionally real names one per line (a contest's team names),
 * given to the accounts in order. Checked with the server's schema; a line says what it will make.
 */
export function GenerateForm({
  pending,
  onGenerate,
}: {
  pending: boolean;
  onGenerate(values: GenerateValues): void;
}) {
  const { t } = useTranslation();
  const form = useForm<GenerateValues>({ resolver: generateResolver, defaultValues: GENERATE_DEFAULTS });
  const { errors } = form.formState;
  const values = form.watch();
  const preview = generatedPreview(values);
  const names = realnameLines(values.realnames).length;
  const field = (name: Exclude<keyof GenerateValues, 'realnames'>, numeric: boolean) => (
    <InputField
      id={`generate-${name}`}
      label={t(`admin.user.generate.${name}`)}
      autoComplete="off"
      inputMode={numeric ? 'numeric' : undefined}
      error={errors[name]?.message}
      {...form.register(name)}
    />
  );

  return (
    <form
      onSubmit={form.handleSubmit(onGenerate)}
      noValidate
      className="grid min-w-0 gap-4"
      data-testid="generate-form"
    >
      <div className="grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-x-4">
        {field('prefix', false)}
        {field('suffix', false)}
        {field('number_from', true)}
        {field('number_to', true)}
        {field('password_length', true)}
      </div>
      <FormField
        id="generate-realnames"
        label={t('admin.user.generate.realnames')}
        hint={t('admin.user.generate.realnamesHint')}
        error={errors.realnames?.message}
      >
        <Textarea
          id="generate-realnames"
          rows={6}
          spellCheck={false}
          aria-invalid={!!errors.realnames}
          {...form.register('realnames')}
          data-testid="generate-realnames"
        />
      </FormField>
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="generate-preview">
        {preview
          ? t('admin.user.generate.preview', {
              first: preview.first,
              last: preview.last,
              count: preview.count,
            })
          : t('admin.user.generate.previewNone', { max: USER_ADMIN_LIMITS.generateMax })}
        {preview && names > 0 && ` ${t('admin.user.generate.previewNames', { count: names })}`}
      </p>
      <div className="flex justify-end">
        <SubmitButton pending={pending} data-testid="generate-submit">
          {t('admin.user.generate.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
