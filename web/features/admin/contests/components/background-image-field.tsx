import { ImagePlus } from 'lucide-react';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/web/components/form-field';
import { PickerButton } from '@/web/components/markdown-upload-buttons';
import { Input } from '@/web/components/ui/input';
import { useStatementUploads } from '../../markdown-uploads';
import type { ContestFormValues } from '../lib/contest-form-values';

/**
 * The landing page's background: an image uploaded here (the site's pages load images from the
 * site itself only, docs/security.md) or the address of one already on the site.
 */
export function BackgroundImageField() {
  const { t } = useTranslation();
  const { register, setValue, formState } = useFormContext<ContestFormValues>();
  const uploads = useStatementUploads();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    if (!uploads) return;
    setBusy(true);
    try {
      const link = await uploads.upload('img', file);
      setValue('backgroundImage', link, { shouldDirty: true, shouldValidate: true });
    } catch (e) {
      uploads.onError(e);
    } finally {
      setBusy(false);
    }
  };
  const error = formState.errors.backgroundImage?.message;
  return (
    <FormField id="contest-backgroundImage" label={t('admin.contest.backgroundImage')} error={error}>
      <div className="@container flex gap-1">
        <Input
          id="contest-backgroundImage"
          autoComplete="off"
          placeholder="/api/public/img/…"
          aria-invalid={!!error}
          {...register('backgroundImage')}
        />
        {uploads && (
          <PickerButton
            icon={<ImagePlus aria-hidden />}
            label={busy ? t('admin.contest.backgroundUploading') : t('admin.contest.backgroundUpload')}
            accept={uploads.imageAccept}
            onFiles={(files) => void upload(files[0])}
            testId="contest-backgroundImage-upload"
          />
        )}
      </div>
    </FormField>
  );
}
