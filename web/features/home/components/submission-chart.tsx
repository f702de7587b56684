import { Activity } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { BAR_FIGURE_PLACEHOLDER, BarFigure, SERIES_CLASS } from '@/web/features/ranks';
import { useSubmissionStatistics } from '../api';

const sum = (list: readonly number[]) => list.reduce((a, b) => a + b, 0);

/** HOJ's submission statistics: the site's submissions and accepted ones per day, this week. */
export function SubmissionChart() {
  const { t } = useTranslation();
  const stats = useSubmissionStatistics();
  const data = stats.data?.dateStrList.map((day, i) => ({
    day,
    ac: stats.data?.acCountList[i] ?? 0,
    total: stats.data?.totalCountList[i] ?? 0,
  }));
  const ac = sum(stats.data?.acCountList ?? []);
  const total = sum(stats.data?.totalCountList ?? []);
  return (
    <Card className="min-w-0" data-testid="home-statistics" data-total={stats.data ? total : undefined}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          <Activity className="size-5 text-primary" aria-hidden />
          {t('home.weekSubmissions')}
        </CardTitle>
        {stats.data && (
          <span className="text-sm text-muted-foreground" data-testid="home-statistics-sum">
            {t('home.weekSum', { ac, total })}
          </span>
        )}
      </CardHeader>
      <CardContent>
        {!data && <Skeleton className={BAR_FIGURE_PLACEHOLDER} />}
        {data && (
          <BarFigure
            data={data}
            categoryKey="day"
            categoryLabel={t('home.day')}
            series={[
              { key: 'ac', label: t('home.accepted'), className: SERIES_CLASS.ac },
              { key: 'total', label: t('home.submitted'), className: SERIES_CLASS.total },
            ]}
            caption={t('home.chartCaption', { ac, total, days: data.length })}
            testId="home-chart"
          />
        )}
      </CardContent>
    </Card>
  );
}
