// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sheetFile } from '../../server/services/files/sheets';
import { readZip } from '../../server/services/packages/archive';

const csv = async (rows: (string | number | null)[][]) => (await sheetFile(rows, 'csv')).toString('utf8');

describe('downloaded sheets', () => {
  it('writes CSV in UTF-8 with a byte-order mark, quoting what needs it', async () => {
    expect(await csv([['名字', 'a,b', 'say "hi"', null, 3]])).toBe('\uFEFF名字,"a,b","say ""hi""",,3\r\n');
  });

  it('keeps text a spreadsheet would run as a formula as text, but not a negative number', async () => {
    expect(await csv([['=HYPERLINK("x")', '+1+1', '@SUM(A1)', '-2+3+cmd|x', '-2', '-1.5']])).toBe(
      `\uFEFF"'=HYPERLINK(""x"")",'+1+1,'@SUM(A1),'-2+3+cmd|x,-2,-1.5\r\n`,
    );
  });

  it('writes an .xlsx workbook holding the text as text', async () => {
    const book = await readZip(await sheetFile([['name'], ['=1+1']], 'xlsx'));
    const xml = book
      .paths()
      .map((p) => book.text(p) ?? '')
      .join('\n');
    expect(xml).toContain('=1+1');
    expect(xml).not.toContain('<f>');
  });
});
