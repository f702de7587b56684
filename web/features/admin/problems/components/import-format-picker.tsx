import { useTranslation } from 'react-i18next';
import { PACKAGE_FORMATS } from '@/shared/constants/package-formats';
import { cn } from '@/shared/lib/utils';
import { formatKeys, readableAccept } from '../lib/import-formats';

/**
 * The package formats the server imports (PACKAGE_FORMATS, whatever it holds), each with its name,
 * what a package of it looks like and the files it takes; one is chosen.
 */
export function ImportFormatPicker({ value, onChange }: { value: string; onChange(format: string): void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-2 text-sm font-medium">{t('admin.problemImport.format')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {PACKAGE_FORMATS.map(({ format, accept }) => {
          const keys = formatKeys(format);
          const checked = value === format;
          return (
            <label
              key={format}
              className={cn(
                'flex cursor-pointer gap-3 rounded-md border p-3 text-sm transition-colors hover:bg-accent/50',
                'has-[:focus-visible]:border-ring has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                checked && 'border-primary bg-accent/40',
              )}
              data-testid={`import-format-${format}`}
            >
              <input
                type="radio"
                name="package-format"
                value={format}
                checked={checked}
                onChange={() => onChange(format)}
                className="mt-0.5 size-4 shrink-0 accent-primary"
              />
              <span className="grid min-w-0 gap-1">
                <span className="font-medium">{t(keys.name, { defaultValue: format })}</span>
                <span className="text-xs text-muted-foreground">{t(keys.hint, { defaultValue: '' })}</span>
                <span className="font-mono text-xs text-muted-foreground">{readableAccept(accept)}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
