import { useTranslation } from 'react-i18next';
import { messageUrl } from '../lib/links';
import type { UnreadState } from '../lib/settings';
import { UNREAD_TYPES } from '../lib/unread';

/** Unread counts by kind and their total, as last checked by the worker. */
export function UnreadList({
  unread,
  serverUrl,
}: {
  unread: UnreadState | null | undefined;
  serverUrl: string;
}) {
  const { t, i18n } = useTranslation();
  const counts = unread?.counts ?? null;
  return (
    <section className="flex flex-col gap-2" aria-labelledby="unread-title">
      <div className="flex items-baseline justify-between">
        <h2 id="unread-title" className="text-sm font-semibold">
          {t('ext.unread')}
        </h2>
        <span className="text-xs text-muted-foreground" data-testid="unread-checked">
          {unread?.checkedAt
            ? t('ext.checkedAt', { time: new Date(unread.checkedAt).toLocaleTimeString(i18n.language) })
            : t('ext.neverChecked')}
        </span>
      </div>
      <ul className="divide-y rounded-md border text-sm">
        {UNREAD_TYPES.map((type) => (
          <li key={type}>
            <a
              href={messageUrl(serverUrl, type)}
              target="_blank"
              rel="noreferrer"
              className="flex items-center justify-between px-3 py-1.5 hover:bg-muted/60"
              data-testid={`unread-link-${type}`}
            >
              <span>{t(`ext.types.${type}`)}</span>
              <span
                data-testid={`unread-${type}`}
                className={
                  counts?.[type]
                    ? 'font-semibold text-primary tabular-nums'
                    : 'text-muted-foreground tabular-nums'
                }
              >
                {counts ? counts[type] : '–'}
              </span>
            </a>
          </li>
        ))}
        <li className="flex items-center justify-between bg-muted/60 px-3 py-1.5 font-medium">
          <span>{t('ext.total')}</span>
          <span data-testid="unread-total" className="tabular-nums">
            {counts ? unread?.total : '–'}
          </span>
        </li>
      </ul>
      {/* an unreachable server is said once, at the top of the popup */}
      {unread?.error === 'server' && (
        <p className="text-xs text-destructive" data-testid="unread-error">
          {t('ext.unreadError', { reason: t('errors.serverError') })}
        </p>
      )}
    </section>
  );
}
