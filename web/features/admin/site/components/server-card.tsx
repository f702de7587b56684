import { useTranslation } from 'react-i18next';
import type { ServiceInfo } from '@/shared/api/admin-config-types';
import { cn } from '@/shared/lib/utils';
import { TitledCard } from '@/web/components/titled-card';
import { formatBytes, usedPercent } from '../lib/format';
import { durationText } from './duration';

/** A used-of-total bar with its numbers; it turns amber past 80 % and red past 95 %. */
function UsageBar({
  label,
  total,
  free,
  testId,
}: {
  label: string;
  total: number;
  free: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const percent = usedPercent(total, free);
  const text = t('admin.site.server.usage', {
    used: formatBytes(total - free),
    total: formatBytes(total),
    percent,
  });
  return (
    <div className="grid gap-1" data-testid={testId}>
      <div className="flex flex-wrap justify-between gap-x-3 text-sm">
        <span className="text-muted-foreground">{label}</span>
        <span className="font-medium tabular-nums">{text}</span>
      </div>
      {/* the numbers above say it in words; the bar is for the eye */}
      <div aria-hidden className="h-2 overflow-hidden rounded-full bg-muted">
        <div
          className={cn(
            'h-full rounded-full',
            percent > 95 ? 'bg-destructive' : percent > 80 ? 'bg-amber-500' : 'bg-primary',
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

/** This server process and its machine: CPU, load, memory, the data folder's disk, uptime, versions. */
export function ServerCard({ info }: { info: ServiceInfo }) {
  const { t } = useTranslation();
  const facts: [string, string, string][] = [
    ['cpu', t('admin.site.server.cpuCores'), String(info.cpuCores)],
    ['load', t('admin.site.server.load'), info.loadAverage.map((n) => n.toFixed(2)).join(' / ')],
    ['rss', t('admin.site.server.processMemory'), formatBytes(info.memory.processRss)],
    ['uptime', t('admin.site.server.uptimeSystem'), durationText(t, info.uptime.system)],
    ['process', t('admin.site.server.uptimeProcess'), durationText(t, info.uptime.process)],
    ['node', t('admin.site.server.node'), info.nodeVersion],
    ['database', t('admin.site.server.database'), t(`admin.site.server.databaseKind.${info.database}`)],
    ['version', t('admin.site.server.version'), info.version],
  ];
  return (
    <TitledCard title={t('admin.site.server.title')} testId="site-server">
      <div className="grid gap-3">
        <UsageBar
          label={t('admin.site.server.memory')}
          total={info.memory.total}
          free={info.memory.free}
          testId="site-server-memory"
        />
        {info.disk ? (
          <UsageBar
            label={t('admin.site.server.disk')}
            total={info.disk.total}
            free={info.disk.free}
            testId="site-server-disk"
          />
        ) : (
          <p className="text-sm text-muted-foreground">{t('admin.site.server.diskUnknown')}</p>
        )}
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {facts.map(([id, label, value]) => (
          <div key={id} className="flex flex-wrap justify-between gap-x-3 border-b py-1 last:border-b-0">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium tabular-nums break-all" data-testid={`site-server-${id}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">{t('admin.site.server.loadHint')}</p>
    </TitledCard>
  );
}
