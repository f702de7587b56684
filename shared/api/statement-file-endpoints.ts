import type { ApiClient } from './client';
import type { UploadedStatementFile } from './statement-file-types';

/** Images and files for Markdown statements, at HOJ's paths (multipart fields `image` and `file`). */
export function createStatementFileEndpoints(client: ApiClient) {
  return {
    /** the image as multipart field `image`; PNG, JPEG, GIF or WebP by its bytes */
    adminUploadMarkdownImage: (form: FormData) =>
      client.request<UploadedStatementFile>('POST', '/api/file/upload-md-img', { body: form }),
    /** any file as multipart field `file`; served as a download */
    adminUploadMarkdownFile: (form: FormData) =>
      client.request<UploadedStatementFile>('POST', '/api/file/upload-md-file', { body: form }),
    /** by its uploader or root (HOJ's GET with `fileId`) */
    adminDeleteMarkdownFile: (fileId: number) =>
      client.request<null>('GET', '/api/file/delete-md-img', { query: { fileId } }),
  };
}
