import { useTranslation } from 'react-i18next';
import type { RecentLogin } from '@/shared/api/admin-config-types';
import { formatDateTime } from '@/shared/format';
import { TitledCard } from '@/web/components/titled-card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { shortUserAgent } from '../lib/format';

/**
 * The site's latest logins. On a phone the address and browser move under the user name, so the
 * table keeps to the window's width.
 */
export function RecentLogins({ logins }: { logins: RecentLogin[] }) {
  const { t } = useTranslation();
  return (
    <TitledCard title={t('admin.site.dashboard.recentLogins')} testId="site-recent-logins">
      {logins.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('admin.site.dashboard.noLogins')}</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('admin.site.dashboard.username')}</TableHead>
              <TableHead>{t('admin.site.dashboard.time')}</TableHead>
              <TableHead className="hidden md:table-cell">{t('admin.site.dashboard.ip')}</TableHead>
              <TableHead className="hidden md:table-cell">{t('admin.site.dashboard.browser')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {logins.map((login, i) => (
              // the same user may log in twice in one second: the place in the list tells them apart
              <TableRow key={`${login.username}-${login.time}-${i}`} data-testid="site-login-row">
                <TableCell className="whitespace-normal">
                  <div className="font-medium break-all">{login.username}</div>
                  <div className="text-xs text-muted-foreground md:hidden">
                    {login.ip ?? '--'} · {shortUserAgent(login.userAgent)}
                  </div>
                </TableCell>
                <TableCell className="whitespace-nowrap tabular-nums">{formatDateTime(login.time)}</TableCell>
                <TableCell className="hidden md:table-cell">{login.ip ?? '--'}</TableCell>
                <TableCell className="hidden md:table-cell" title={login.userAgent ?? undefined}>
                  {shortUserAgent(login.userAgent)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </TitledCard>
  );
}
