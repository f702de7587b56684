import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Language } from '@/shared/api/types';
import { cn } from '@/shared/lib/utils';
import { Label } from '@/web/components/ui/label';
import { Switch } from '@/web/components/ui/switch';
import { Textarea } from '@/web/components/ui/textarea';
import type { EditorValues } from '../lib/editor-values';

/**
 * A problem's own starting code per allowed language (none allowed means all): off by default; a
 * template switched on starts from the judge's template for that language.
 */
export function CodeTemplates({ languages }: { languages: readonly Language[] }) {
  const { t } = useTranslation();
  const { control, register, getValues, setValue } = useFormContext<EditorValues>();
  const allowed = useWatch({ control, name: 'languages' });
  const templates = useWatch({ control, name: 'templates' });
  const shown = templates
    .map((tpl, index) => ({ tpl, index }))
    .filter(({ tpl }) => allowed.length === 0 || allowed.includes(tpl.language));
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 text-sm font-medium">{t('admin.problem.templates.label')}</legend>
      <p className="text-xs text-muted-foreground">{t('admin.problem.templates.hint')}</p>
      {/* switched-off languages sit side by side; an open template takes the whole row */}
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        {shown.map(({ tpl, index }) => (
          <div
            key={tpl.language}
            className={cn(
              'grid min-w-0 gap-2 rounded-md border px-3 py-2',
              tpl.enabled && 'sm:col-span-full',
            )}
          >
            <Controller
              control={control}
              name={`templates.${index}.enabled`}
              render={({ field }) => (
                <div className="flex items-center gap-3">
                  <Switch
                    id={`template-${index}`}
                    checked={field.value}
                    onCheckedChange={(on) => {
                      field.onChange(on);
                      if (on && !getValues(`templates.${index}.code`)) {
                        const fallback = languages.find((l) => l.name === tpl.language)?.template ?? '';
                        setValue(`templates.${index}.code`, fallback);
                      }
                    }}
                    data-testid={`template-switch-${tpl.language}`}
                  />
                  <Label htmlFor={`template-${index}`}>
                    {t('admin.problem.templates.for', { language: tpl.language })}
                  </Label>
                </div>
              )}
            />
            {tpl.enabled && (
              <Textarea
                aria-label={t('admin.problem.templates.for', { language: tpl.language })}
                rows={8}
                spellCheck={false}
                className="font-mono text-xs md:text-xs"
                {...register(`templates.${index}.code`)}
                data-testid={`template-code-${tpl.language}`}
              />
            )}
          </div>
        ))}
      </div>
    </fieldset>
  );
}
