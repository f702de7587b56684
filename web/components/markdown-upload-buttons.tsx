import { ImagePlus, Loader2, Paperclip } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/shared/lib/utils';
import { buttonVariants } from './ui/button';

/**
 * "Insert image" and "Attach file": labels wrapping hidden file inputs (so the picker opens from
 * the keyboard too), and what is being uploaded, announced to screen readers. In a narrow toolbar
 * (a half-width field, a phone) the buttons keep their icons and a tooltip; the words stay for
 * screen readers. The toolbar is the container that decides (MarkdownEditor makes it one).
 */
export function MarkdownUploadButtons({
  id,
  imageAccept,
  uploading,
  onFiles,
}: {
  id: string;
  imageAccept: string;
  /** names of the files on their way */
  uploading: string[];
  onFiles(kind: 'img' | 'file', files: File[]): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="ml-auto flex min-w-0 flex-wrap items-center gap-1">
      <span
        role="status"
        className="min-w-0 truncate text-xs text-muted-foreground"
        data-testid={`${id}-uploading`}
      >
        {uploading.length > 0 && (
          <>
            <Loader2 className="mr-1 inline size-3 animate-spin" aria-hidden />
            {t('admin.markdown.uploading', { name: uploading.join(', ') })}
          </>
        )}
      </span>
      <PickerButton
        icon={<ImagePlus aria-hidden />}
        label={t('admin.markdown.insertImage')}
        accept={imageAccept}
        onFiles={(files) => onFiles('img', files)}
        testId={`${id}-insert-image`}
      />
      <PickerButton
        icon={<Paperclip aria-hidden />}
        label={t('admin.markdown.attachFile')}
        onFiles={(files) => onFiles('file', files)}
        testId={`${id}-attach-file`}
      />
    </div>
  );
}

export function PickerButton({
  icon,
  label,
  accept,
  onFiles,
  testId,
}: {
  icon: ReactNode;
  label: string;
  accept?: string;
  onFiles(files: File[]): void;
  testId: string;
}) {
  return (
    <label
      title={label}
      className={cn(
        buttonVariants({ variant: 'ghost', size: 'sm' }),
        'cursor-pointer focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50',
      )}
    >
      {icon}
      <span className="sr-only @xl:not-sr-only">{label}</span>
      <input
        type="file"
        multiple
        accept={accept}
        className="sr-only"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          // the same file picked again must fire a change too
          e.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
        data-testid={testId}
      />
    </label>
  );
}
