import { FileArchive, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorText } from '@/shared/api/error-message';
import { cn } from '@/shared/lib/utils';
import { buttonVariants } from '@/web/components/ui/button';
import { useUploadTestdata } from '../api';
import { type EditorValues, evenScores } from '../lib/editor-values';

/**
 * Picks a zip and sends it at once; the cases it holds replace the uploaded list (scores spread
 * to a total of 100). A refused zip keeps what was there and shows the server's words, which
 * name the file at fault.
 */
export function ZipUpload() {
  const { t } = useTranslation();
  const { setValue, clearErrors, formState } = useFormContext<EditorValues>();
  const upload = useUploadTestdata();
  const [fileName, setFileName] = useState('');
  const error = formState.errors.uploadDir?.message;

  const send = (file: File) => {
    setFileName(file.name);
    upload.mutate(file, {
      onSuccess: (staged) => {
        const scores = evenScores(staged.fileList.length);
        setValue(
          'uploadedCases',
          staged.fileList.map((f, i) => ({
            input: f.input,
            output: f.output,
            score: scores[i] ?? 0,
            groupNum: null,
          })),
        );
        setValue('uploadDir', staged.fileListDir);
        clearErrors('uploadDir');
        toast.success(t('admin.problem.testdata.uploaded', { count: staged.fileList.length }));
      },
    });
  };

  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground">{t('admin.problem.testdata.zipHint')}</p>
      <div className="flex flex-wrap items-center gap-3">
        <label
          className={cn(
            buttonVariants({ variant: 'outline' }),
            'cursor-pointer focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50',
            upload.isPending && 'pointer-events-none opacity-50',
          )}
        >
          {upload.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <FileArchive aria-hidden />}
          {t(upload.isPending ? 'admin.problem.testdata.uploading' : 'admin.problem.testdata.choose')}
          <input
            type="file"
            accept=".zip,application/zip"
            className="sr-only"
            disabled={upload.isPending}
            onChange={(e) => {
              const file = e.target.files?.[0];
              // the same file picked again after a fix must fire a change too
              e.target.value = '';
              if (file) send(file);
            }}
            data-testid="testdata-zip"
          />
        </label>
        {fileName && (
          <span className="min-w-0 truncate font-mono text-sm text-muted-foreground" title={fileName}>
            {fileName}
          </span>
        )}
      </div>
      {upload.isError && (
        <p
          role="alert"
          className="whitespace-pre-wrap rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive"
          data-testid="testdata-upload-error"
        >
          {apiErrorText(upload.error, t)}
        </p>
      )}
      {error && !upload.isError && (
        <p role="alert" className="text-sm text-destructive" data-testid="testdata-upload-required">
          {t(error)}
        </p>
      )}
    </div>
  );
}
