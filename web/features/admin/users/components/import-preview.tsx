import { useTranslation } from 'react-i18next';
import { cn } from '@/shared/lib/utils';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { IMPORT_COLUMNS, type ImportRow, type RowProblem } from '../lib/import-rows';

/** How many rows the preview draws; the rest are counted (and checked) but not drawn. */
export const PREVIEW_ROWS = 200;

const columnKey = (i: number) => `admin.user.import.column.${IMPORT_COLUMNS[i] ?? 'extra'}`;

function ProblemLine({ problem }: { problem: RowProblem }) {
  const { t } = useTranslation();
  return (
    <li>
      {problem.column === undefined
        ? t(problem.key)
        : t('admin.user.import.problemIn', { column: t(columnKey(problem.column)), message: t(problem.key) })}
    </li>
  );
}

/**
 * The rows an import would send, as a table of HOJ's columns, each row's problems under it in red.
 * On a phone a row shows its username and password, the other cells on a line below.
 */
export function ImportPreview({ rows }: { rows: ImportRow[] }) {
  const { t } = useTranslation();
  const faulty = (row: ImportRow, column: number) => row.problems.some((p) => p.column === column);
  const cell = (row: ImportRow, column: number, className?: string) => (
    <TableCell
      key={column}
      className={cn(
        'max-w-40 truncate',
        faulty(row, column) && 'font-medium text-destructive underline decoration-dotted',
        className,
      )}
      title={row.cells[column]}
    >
      {row.cells[column] ?? ''}
    </TableCell>
  );
  return (
    <Table data-testid="import-preview" className="[&_thead]:hidden md:[&_thead]:table-header-group">
      <TableHeader>
        <TableRow>
          <TableHead className="w-10">#</TableHead>
          {IMPORT_COLUMNS.map((name, i) => (
            <TableHead key={name}>{t(columnKey(i))}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.slice(0, PREVIEW_ROWS).flatMap((row) => {
          const others = row.cells.slice(2).filter((c) => c.trim() !== '');
          const drawn = [
            <TableRow
              key={row.line}
              className={cn(
                'grid grid-cols-[2.5rem_minmax(0,1fr)_minmax(0,1fr)] md:table-row',
                row.problems.length > 0 && 'border-b-0',
              )}
              data-testid="import-row"
              data-line={row.line}
            >
              <TableCell className="text-muted-foreground tabular-nums">{row.line}</TableCell>
              {cell(row, 0)}
              {cell(row, 1, 'font-mono')}
              {IMPORT_COLUMNS.slice(2).map((_, i) => cell(row, i + 2, 'hidden md:table-cell'))}
              {others.length > 0 && (
                <TableCell className="col-span-2 col-start-2 truncate pt-0 text-xs text-muted-foreground md:hidden">
                  {others.join(' · ')}
                </TableCell>
              )}
            </TableRow>,
          ];
          if (row.problems.length > 0)
            drawn.push(
              <TableRow
                key={`${row.line}-problems`}
                className="grid md:table-row"
                data-testid="import-row-problems"
              >
                <TableCell
                  colSpan={IMPORT_COLUMNS.length + 1}
                  className="whitespace-normal pt-0 text-sm text-destructive"
                >
                  <ul className="grid gap-0.5 pl-10">
                    {row.problems.map((p) => (
                      <ProblemLine key={`${p.column}-${p.key}`} problem={p} />
                    ))}
                  </ul>
                </TableCell>
              </TableRow>,
            );
          return drawn;
        })}
      </TableBody>
    </Table>
  );
}
