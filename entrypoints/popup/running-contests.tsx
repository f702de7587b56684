import { useTranslation } from 'react-i18next';
import { contestUrl } from '../lib/links';
import type { ContestsState } from '../lib/state';
import { formatCountdown, useNow } from '../ui/use-now';

/** Running contests the user can enter, each with the time left (on the server's clock). */
export function RunningContests({
  contests,
  serverUrl,
}: {
  contests: ContestsState | null | undefined;
  serverUrl: string;
}) {
  const { t } = useTranslation();
  const now = useNow() + (contests?.offsetMs ?? 0);
  const items = contests?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="flex flex-col gap-1.5" data-testid="running-contests">
      <h2 className="text-sm font-semibold">{t('ext.contests.title')}</h2>
      <ul className="divide-y rounded-md border text-xs">
        {items.map((c) => (
          <li key={c.id}>
            <a
              href={contestUrl(serverUrl, c.id)}
              target="_blank"
              rel="noreferrer"
              className="flex items-center justify-between gap-2 px-2.5 py-1.5 hover:bg-muted/60"
              data-testid={`contest-${c.id}`}
            >
              <span className="truncate font-medium">{c.title}</span>
              <span
                className="shrink-0 tabular-nums text-muted-foreground"
                data-testid={`contest-left-${c.id}`}
              >
                {t('ext.contests.left', { time: formatCountdown(Date.parse(c.endTime) - now) })}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
