import type * as React from 'react';
import { cn } from '@/shared/lib/utils';
import { Pagination } from '@/web/components/pagination';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';

export interface PagedTableColumn {
  label: React.ReactNode;
  className?: string;
}

/** A table's single row saying there is nothing to list; `className` adds to its cell's classes. */
export function EmptyRow({
  colSpan,
  text,
  testId,
  className,
}: {
  colSpan: number;
  text: string;
  testId?: string | undefined;
  className?: string | undefined;
}) {
  return (
    <TableRow>
      <TableCell
        colSpan={colSpan}
        className={cn('py-6 text-center text-muted-foreground', className)}
        data-testid={testId}
      >
        {text}
      </TableCell>
    </TableRow>
  );
}

/**
 * One page of a paged list as a table: a skeleton until the first page arrives, then a header
 * row, one row a record (or a single row saying there is nothing), and the pager below it.
 */
export function PagedTable<T>({
  data,
  columns,
  row,
  empty,
  page,
  limit,
  onPageChange,
  testId,
  className,
}: {
  data: { records: T[]; total: number } | undefined;
  columns: PagedTableColumn[];
  /** a record's row, keyed */
  row(record: T): React.ReactNode;
  empty: { text: string; testId?: string; className?: string };
  page: number;
  limit: number;
  onPageChange(page: number): void;
  testId: string;
  className?: string;
}) {
  if (!data) return <Skeleton className="h-40 w-full" />;
  return (
    <>
      <Table data-testid={testId} className={className}>
        <TableHeader>
          <TableRow>
            {columns.map((column, i) => (
              <TableHead key={i} className={column.className}>
                {column.label}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.records.length === 0 && <EmptyRow colSpan={columns.length} {...empty} />}
          {data.records.map((record) => row(record))}
        </TableBody>
      </Table>
      <Pagination total={data.total} page={page} limit={limit} onPageChange={onPageChange} />
    </>
  );
}
