import { useTranslation } from 'react-i18next';
import type { AcmRankItem, OiRankItem } from '@/shared/api/rank-types';
import type { Page as ApiPage } from '@/shared/api/types';
import { RankType, type RankTypeValue } from '@/shared/constants/ranks';
import { formatAcRate } from '@/shared/format';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { RankUser } from './rank-user';

export type RankRow = AcmRankItem | OiRankItem;
const isOi = (row: RankRow): row is OiRankItem => 'score' in row;

function RankRows({ type, page, offset }: { type: RankTypeValue; page: ApiPage<RankRow>; offset: number }) {
  const { t } = useTranslation();
  return (
    <>
      {page.records.map((row, i) => (
        <TableRow key={row.uid} data-testid="rank-row" data-username={row.username}>
          <TableCell className="w-12 tabular-nums text-muted-foreground" data-testid="rank-place">
            {offset + i + 1}
          </TableCell>
          <TableCell className="max-w-[14rem] sm:max-w-[18rem]">
            <RankUser user={row} testId={`rank-user-${row.username}`} />
          </TableCell>
          <TableCell className="hidden max-w-[10rem] truncate text-muted-foreground md:table-cell">
            {row.nickname}
          </TableCell>
          {type === RankType.OI && (
            <TableCell className="text-right font-semibold tabular-nums" data-testid="rank-score">
              {isOi(row) ? row.score : 0}
            </TableCell>
          )}
          <TableCell className="text-right tabular-nums" data-testid="rank-ac">
            {row.ac}
          </TableCell>
          <TableCell className="text-right tabular-nums" data-testid="rank-total">
            {row.total}
          </TableCell>
          <TableCell className="hidden text-right tabular-nums sm:table-cell">
            {formatAcRate(row.ac, row.total)}
          </TableCell>
          <TableCell
            className="hidden max-w-[18rem] truncate text-muted-foreground lg:table-cell"
            title={row.signature ?? undefined}
          >
            {row.signature}
          </TableCell>
        </TableRow>
      ))}
      {page.records.length === 0 && (
        <TableRow>
          <TableCell colSpan={8} className="py-10 text-center text-muted-foreground" data-testid="rank-empty">
            {t('ranks.empty')}
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

/**
 * A page of an ACM or OI rank as a table (the site's rank and a group's): place, user, nickname,
 * score (OI), solved, submitted, rate and signature; a skeleton until the page arrives.
 */
export function RankTable({
  type,
  data,
  offset,
}: {
  type: RankTypeValue;
  data: ApiPage<RankRow> | undefined;
  offset: number;
}) {
  const { t } = useTranslation();
  return (
    <Table data-testid="rank-table" data-type={type}>
      <TableHeader>
        <TableRow>
          <TableHead className="w-12">#</TableHead>
          <TableHead>{t('ranks.user')}</TableHead>
          <TableHead className="hidden md:table-cell">{t('ranks.nickname')}</TableHead>
          {type === RankType.OI && <TableHead className="text-right">{t('ranks.score')}</TableHead>}
          <TableHead className="text-right">{t('ranks.ac')}</TableHead>
          <TableHead className="text-right">{t('ranks.total')}</TableHead>
          <TableHead className="hidden text-right sm:table-cell">{t('ranks.rate')}</TableHead>
          <TableHead className="hidden lg:table-cell">{t('ranks.signature')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {!data &&
          Array.from({ length: 5 }, (_, i) => (
            <TableRow key={i}>
              <TableCell colSpan={8}>
                <Skeleton className="h-4 w-full" />
              </TableCell>
            </TableRow>
          ))}
        {data && <RankRows type={type} page={data} offset={offset} />}
      </TableBody>
    </Table>
  );
}
