import { createContext, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { STATEMENT_FILES } from '@/shared/constants/statement-files';
import type { MarkdownUploader } from '@/web/components/markdown-upload';
import { toastApiError } from '@/web/lib/api-errors';
import { consoleApi } from './console-api';

/**
 * Whether the screen's authors may upload: the upload calls are the site admins', so the console's
 * editors mounted inside a group (web/features/admin/groups/group-editor-layout.tsx) turn them off.
 */
export const StatementUploadsContext = createContext(true);

/** The uploader of a screen whose authors may upload, undefined where they may not. */
export function useStatementUploads(): MarkdownUploader | undefined {
  const uploads = useMarkdownUploads();
  return useContext(StatementUploadsContext) ? uploads : undefined;
}

/**
 * What the console's Markdown fields (statements, contest texts) upload with: HOJ's upload-md-img
 * and upload-md-file; a refusal shows the server's words in the app's error toast.
 */
export function useMarkdownUploads(): MarkdownUploader {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      imageAccept: STATEMENT_FILES.imageAccept,
      async upload(kind, file) {
        const form = new FormData();
        if (kind === 'img') {
          form.append(STATEMENT_FILES.imageField, file, file.name);
          return (await consoleApi.adminUploadMarkdownImage(form)).link;
        }
        form.append(STATEMENT_FILES.fileField, file, file.name);
        return (await consoleApi.adminUploadMarkdownFile(form)).link;
      },
      onError: (error) => toastApiError(error, t),
    }),
    [t],
  );
}
