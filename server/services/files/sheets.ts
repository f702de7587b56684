import writeXlsxFile from 'write-excel-file/node';

/** A table to download: a header row, then rows of text and numbers. */
export type SheetRows = (string | number | null)[][];

export type SheetFormat = 'xlsx' | 'csv';

export const SHEET_TYPES: Record<SheetFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/**
 * Text a spreadsheet would run as a formula ("=...", "+...", "@...", or "-..." that is not just a
 * negative number such as a board's "-2" tries): written with a leading quote, so it stays text.
 */
const looksLikeFormula = (text: string) =>
  /^[=+@\t\r]/.test(text) || (/^-/.test(text) && !/^-\d+(\.\d+)?$/.test(text));

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && looksLikeFormula(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The table as a file: .xlsx through write-excel-file, or CSV in UTF-8 with a byte-order mark (so
 * Excel reads Chinese names right) and with text that starts like a formula defused, since names
 * come from users.
 */
export async function sheetFile(rows: SheetRows, format: SheetFormat): Promise<Buffer> {
  if (format === 'csv') {
    const text = rows.map((r) => r.map(csvCell).join(',')).join('\r\n');
    return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${text}\r\n`, 'utf8')]);
  }
  const data = rows.map((r) =>
    r.map((v) =>
      v === null ? null : typeof v === 'number' ? { value: v, type: Number } : { value: v, type: String },
    ),
  );
  return writeXlsxFile(data).toBuffer();
}
