/**
 * Names around statement uploads (docs/security.md, Statement images and files). A client's file
 * name is kept only as text to show and to offer as a download's name: the served name is made
 * here, and a served name that does not match these patterns never reaches the database or disk.
 */
import { randomBytes } from 'node:crypto';

/** An image's served name: the sha256 of its bytes and the extension of the type its bytes tell. */
export const IMAGE_NAME = /^[0-9a-f]{64}\.(png|jpg|gif|webp)$/;
/** A file's served name: 128 random bits and, when the upload had a plain one, its extension. */
export const FILE_NAME = /^[0-9a-f]{32}(\.[a-z0-9]{1,10})?$/;

const MAX_NAME_CHARS = 200;

/**
 * The uploader's file name as text: its last path segment (a browser may send `C:\x\a.png`), no
 * control characters (they could break a header), at most 200 characters; `fallback` when empty.
 */
export function cleanOriginalName(raw: string | undefined, fallback: string): string {
  const last = (raw ?? '').split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const text = last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const clean = Array.from(text).slice(0, MAX_NAME_CHARS).join('');
  return clean === '' || clean === '.' || clean === '..' ? fallback : clean;
}

/** The name's extension when it is a plain one (letters and digits, 1-10), lower case; else null. */
export function plainExtension(name: string): string | null {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return match?.[1] ? match[1].toLowerCase() : null;
}

/** A new served name for a file: unguessable and never reused, so it may be cached for good. */
export function newFileName(originalName: string): string {
  const ext = plainExtension(originalName);
  const id = randomBytes(16).toString('hex');
  return ext ? `${id}.${ext}` : id;
}

/**
 * `Content-Disposition: attachment` with the uploader's name: an ASCII fallback for old clients
 * and the exact name in RFC 5987's `filename*` (quotes, backslashes and non-ASCII replaced in the
 * first; the second percent-encoded, so nothing in a name can end the header or add a parameter).
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
