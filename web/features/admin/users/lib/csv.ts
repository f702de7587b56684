/**
 * CSV as spreadsheets write it (RFC 4180: quoted cells may hold commas, quotes and line breaks),
 * read in the browser. Rows copied out of a spreadsheet arrive separated by tabs, so a text whose
 * first line holds a tab and no comma is read with tabs.
 */
export function parseCsv(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, '');
  const firstLine = source.split(/\r\n|\n|\r/, 1)[0] ?? '';
  const separator = firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let started = false;
  const endRow = () => {
    row.push(cell);
    rows.push(row);
    row = [];
    cell = '';
    started = false;
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
      continue;
    }
    if (c === '"' && cell === '') {
      quoted = true;
      started = true;
    } else if (c === separator) {
      row.push(cell);
      cell = '';
      started = true;
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      endRow();
    } else {
      cell += c;
      started = true;
    }
  }
  if (started || cell !== '' || row.length > 0) endRow();
  return rows;
}

/**
 * A file's text: UTF-8 when it is valid UTF-8, else GB18030, the encoding Excel uses for CSV on
 * Chinese Windows (a class list saved from Excel there is not UTF-8).
 */
export function decodeText(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}
