import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/web/components/form-field';
import { MarkdownEditor } from '@/web/components/markdown-editor';
import { TitledCard } from '@/web/components/titled-card';
import { useStatementUploads } from '../../markdown-uploads';
import type { EditorValues } from '../lib/editor-values';

const FIELDS = [
  { name: 'description', rows: 10, wide: true },
  { name: 'input', rows: 5, wide: false },
  { name: 'output', rows: 5, wide: false },
  { name: 'hint', rows: 4, wide: true },
] as const;

/** The statement's Markdown fields (KaTeX maths included), each with a preview of what the site will show. */
export function StatementSection() {
  const { t } = useTranslation();
  const { register, getValues, formState } = useFormContext<EditorValues>();
  const errors = formState.errors.problem ?? {};
  const uploads = useStatementUploads();
  return (
    <TitledCard title={t('admin.problem.section.statement')}>
      <p className="text-sm text-muted-foreground">{t('admin.problem.markdownHint')}</p>
      <div className="grid gap-4 lg:grid-cols-2">
        {FIELDS.map(({ name, rows, wide }) => (
          <div key={name} className={wide ? 'min-w-0 lg:col-span-2' : 'min-w-0'}>
            <FormField
              id={`problem-${name}`}
              label={t(`admin.problem.${name}`)}
              error={errors[name]?.message}
            >
              <MarkdownEditor
                id={`problem-${name}`}
                rows={rows}
                invalid={!!errors[name]}
                field={register(`problem.${name}`)}
                previewText={() => getValues(`problem.${name}`) ?? ''}
                previewTestId={`problem-${name}-preview`}
                uploads={uploads}
              />
            </FormField>
          </div>
        ))}
      </div>
    </TitledCard>
  );
}
