import { FileArchive } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/shared/lib/utils';
import { buttonVariants } from '@/web/components/ui/button';
import { readableAccept } from '../lib/import-formats';

/** Picks the package file (nothing is sent until Import or Verify); `accept` is the format's list. */
export function ImportFileField({
  accept,
  file,
  onChange,
  disabled,
}: {
  accept: string;
  file: File | null;
  onChange(file: File): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1.5">
      <span className="text-sm font-medium" id="import-file-label">
        {t('admin.problemImport.file')}
      </span>
      <div className="flex min-w-0 flex-wrap items-center gap-3">
        <label
          className={cn(
            buttonVariants({ variant: 'outline' }),
            'cursor-pointer focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50',
            disabled && 'pointer-events-none opacity-50',
          )}
        >
          <FileArchive aria-hidden />
          {t('admin.problemImport.choose')}
          <input
            type="file"
            accept={accept}
            className="sr-only"
            aria-labelledby="import-file-label"
            disabled={disabled}
            onChange={(e) => {
              const picked = e.target.files?.[0];
              // the same file picked again (fixed on disk) must fire a change too
              e.target.value = '';
              if (picked) onChange(picked);
            }}
            data-testid="import-file"
          />
        </label>
        <span
          className={cn('min-w-0 truncate text-sm', file ? 'font-mono' : 'text-muted-foreground')}
          title={file?.name}
          data-testid="import-file-name"
        >
          {file ? file.name : t('admin.problemImport.noFile')}
        </span>
      </div>
      <p className="text-xs text-muted-foreground">
        {t('admin.problemImport.accepts', { accept: readableAccept(accept) })}
      </p>
    </div>
  );
}
