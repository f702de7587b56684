/**
 * Images and files put into Markdown statements from the admin console (HOJ: upload-md-img,
 * upload-md-file; docs/security.md, Statement images and files). The numbers the server enforces
 * and the editor mirrors.
 */
export const STATEMENT_FILES = {
  /** bytes of one image (HOJ: 4 MB) */
  imageMaxBytes: 4 * 1024 * 1024,
  /** bytes of one attached file (HOJ: 128 MB) */
  fileMaxBytes: 128 * 1024 * 1024,
  /** content types told by an image's bytes; never SVG, which can carry script */
  imageMimeTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const,
  /** the image picker's filter (the server looks at the bytes anyway) */
  imageAccept: '.png,.jpg,.jpeg,.gif,.webp,image/png,image/jpeg,image/gif,image/webp',
  /** uploads (images and files together) per admin per window: each stays on disk */
  uploads: { max: 60, windowSeconds: 600 },
  /** HOJ's multipart field names */
  imageField: 'image',
  fileField: 'file',
  /** where they are served (HOJ's paths) */
  imagePath: '/api/public/img/',
  filePath: '/api/public/file/',
} as const;

export type StatementImageMime = (typeof STATEMENT_FILES.imageMimeTypes)[number];
