import { useTranslation } from 'react-i18next';
import type { DbConfig } from '@/shared/api/admin-config-types';
import { TitledCard } from '@/web/components/titled-card';

/** The database as the environment sets it; read-only, with the reason it cannot be changed in the browser. */
export function DbConfigCard({ config }: { config: DbConfig }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('admin.site.db.type'), config.dbType === 'sqlite' ? 'SQLite' : 'PostgreSQL'],
    [t('admin.site.db.host'), config.dbHost ?? '--'],
    [t('admin.site.db.port'), config.dbPort === null ? '--' : String(config.dbPort)],
    [t('admin.site.db.name'), config.dbName ?? '--'],
    [t('admin.site.db.username'), config.dbUsername ?? '--'],
  ];
  return (
    <TitledCard title={t('admin.site.db.title')} testId="site-db">
      <dl className="grid gap-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-3 border-b py-1 last:border-b-0">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground" data-testid="site-db-reason">
        {t('adminConfig.dbFromEnvironment')}
      </p>
    </TitledCard>
  );
}
