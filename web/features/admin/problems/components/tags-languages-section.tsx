import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Language } from '@/shared/api/types';
import { FormField } from '@/web/components/form-field';
import { TitledCard } from '@/web/components/titled-card';
import { Button } from '@/web/components/ui/button';
import { useAllTags } from '../api';
import type { EditorValues } from '../lib/editor-values';
import { CodeTemplates } from './code-templates';
import { TagInput } from './tag-input';

/** Tags (known ones suggested, new ones made on save), the allowed languages and their own templates. */
export function TagsLanguagesSection({ languages }: { languages: readonly Language[] }) {
  const { t } = useTranslation();
  const { control } = useFormContext<EditorValues>();
  const tags = useAllTags();
  const known = (tags.data ?? []).map((tag) => tag.name);
  return (
    <TitledCard title={t('admin.problem.section.tagsLanguages')}>
      <Controller
        control={control}
        name="tags"
        render={({ field }) => (
          <FormField
            id="problem-tags"
            label={t('admin.problem.tags.label')}
            hint={t('admin.problem.tags.hint')}
          >
            <TagInput
              id="problem-tags"
              value={field.value}
              onChange={field.onChange}
              known={known}
              placeholder={t('admin.problem.tags.placeholder')}
              removeLabel={(name) => t('admin.problem.tags.remove', { name })}
              createLabel={(name) => t('admin.problem.tags.create', { name })}
            />
          </FormField>
        )}
      />
      <Controller
        control={control}
        name="languages"
        render={({ field }) => {
          const chosen = new Set(field.value);
          const toggle = (name: string, on: boolean) =>
            field.onChange(languages.map((l) => l.name).filter((n) => (n === name ? on : chosen.has(n))));
          return (
            <fieldset className="grid min-w-0 gap-2">
              <legend className="mb-2 text-sm font-medium">{t('admin.problem.languages.label')}</legend>
              <div className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-5">
                {languages.map((l) => (
                  <label key={l.name} className="flex min-w-0 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 shrink-0 accent-primary"
                      checked={chosen.has(l.name)}
                      onChange={(e) => toggle(l.name, e.target.checked)}
                      data-testid={`language-${l.name}`}
                    />
                    <span className="truncate" title={l.description}>
                      {l.name}
                    </span>
                  </label>
                ))}
              </div>
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <p className="text-xs text-muted-foreground">{t('admin.problem.languages.hint')}</p>
                <Button
                  type="button"
                  size="sm"
                  variant="link"
                  className="h-auto px-0 text-xs"
                  onClick={() => field.onChange(languages.map((l) => l.name))}
                >
                  {t('admin.problem.languages.all')}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="link"
                  className="h-auto px-0 text-xs"
                  onClick={() => field.onChange([])}
                >
                  {t('admin.problem.languages.none')}
                </Button>
              </div>
            </fieldset>
          );
        }}
      />
      <CodeTemplates languages={languages} />
    </TitledCard>
  );
}
