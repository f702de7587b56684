/**
 * Uploading images and files into a Markdown field: what the editor needs from its caller (the
 * admin console passes an uploader; components know no API), the Markdown it writes, and putting
 * text at the cursor so react-hook-form sees the change.
 */

export type MarkdownUploadKind = 'img' | 'file';

/** Given by a form that may upload (the console's statement and contest fields). */
export interface MarkdownUploader {
  /** sends the file and resolves to its link (/api/public/img/… or /api/public/file/…) */
  upload(kind: MarkdownUploadKind, file: File): Promise<string>;
  /** shows a failed upload (the app's error toast) */
  onError(error: unknown): void;
  /** the image picker's filter */
  imageAccept: string;
}

/** Text of a link or an image's alt: brackets and backslashes escaped, one line. */
function linkText(name: string): string {
  return name.replace(/[\r\n]+/g, ' ').replace(/[[\]\\]/g, '\\$&');
}

/** `![name](link)` for an image, `[name](link)` for a file to download. */
export function markdownFor(kind: MarkdownUploadKind, name: string, link: string): string {
  const text = linkText(name);
  return kind === 'img' ? `![${text}](${link})` : `[${text}](${link})`;
}

/**
 * Replaces the textarea's selection with `text`. Through the browser's own editing command when
 * it can (the insertion joins the undo history and fires a real input event); otherwise by
 * setRangeText and an input event. Either way React's onChange runs (setRangeText leaves React's
 * value tracker behind, so the event counts as a change) and so does react-hook-form's.
 */
export function insertIntoTextarea(textarea: HTMLTextAreaElement, text: string): void {
  const before = textarea.value;
  if (textarea.offsetParent !== null) {
    textarea.focus();
    if (document.execCommand?.('insertText', false, text) && textarea.value !== before) return;
  }
  textarea.setRangeText(text, textarea.selectionStart, textarea.selectionEnd, 'end');
  textarea.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Files carried by a paste or a drop; none when the clipboard also has text (a spreadsheet's cells). */
export function droppedFiles(data: DataTransfer | null, paste: boolean): File[] {
  if (!data || data.files.length === 0) return [];
  if (paste && data.getData('text/plain') !== '') return [];
  return Array.from(data.files);
}

/** An image goes in as an image, anything else as a file to download. */
export const kindOf = (file: File): MarkdownUploadKind => (file.type.startsWith('image/') ? 'img' : 'file');
