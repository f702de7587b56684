import { useTranslation } from 'react-i18next';
import type { LoginSession } from '@/shared/api/admin-config-types';
import { formatDateTime } from '@/shared/format';
import { TitledCard } from '@/web/components/titled-card';
import { shortUserAgent } from '../lib/format';

/** The caller's login before this one, so a login they did not make stands out. */
export function PreviousLogin({ session }: { session: LoginSession | null | undefined }) {
  const { t } = useTranslation();
  return (
    <TitledCard title={t('admin.site.dashboard.previousLogin')} testId="site-previous-login">
      {session ? (
        <dl className="grid gap-1 text-sm">
          {[
            [t('admin.site.dashboard.time'), formatDateTime(session.gmtCreate)],
            [t('admin.site.dashboard.ip'), session.ip ?? '--'],
            [t('admin.site.dashboard.browser'), shortUserAgent(session.userAgent)],
          ].map(([label, value]) => (
            <div key={label} className="flex flex-wrap gap-x-2">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium break-all">{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground">{t('admin.site.dashboard.noPreviousLogin')}</p>
      )}
    </TitledCard>
  );
}
