import { fileTypeFromBuffer } from 'file-type';
import { STATEMENT_FILES, type StatementImageMime } from '../../../shared/constants/statement-files';

/**
 * The type of a statement image as its bytes tell it (never the file's name or the client's
 * content type): PNG (an animated PNG is a PNG), JPEG, GIF or WebP; anything else null.
 */
export async function sniffStatementImage(data: Buffer): Promise<StatementImageMime | null> {
  const mime = (await fileTypeFromBuffer(data))?.mime as string | undefined;
  if (mime === 'image/apng') return 'image/png';
  return mime && (STATEMENT_FILES.imageMimeTypes as readonly string[]).includes(mime)
    ? (mime as StatementImageMime)
    : null;
}

/**
 * Whether the bytes look like SVG (an XML or SVG start tag near the top), only so the refusal can
 * say why: an SVG can carry script, which would run with the site's origin if it were served.
 */
export function looksLikeSvg(data: Buffer): boolean {
  const head = data
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'));
}
