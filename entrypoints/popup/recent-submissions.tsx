import { useTranslation } from 'react-i18next';
import { JudgeStatus } from '@/shared/constants/judge-status';
import { formatMemory, formatTime } from '@/shared/format';
import { submissionUrl } from '../lib/links';
import type { RecentState } from '../lib/state';
import { StatusText } from '../ui/status-text';

/** The user's last submissions; the worker keeps the verdicts live while they are judged. */
export function RecentSubmissions({
  recent,
  serverUrl,
}: {
  recent: RecentState | null | undefined;
  serverUrl: string;
}) {
  const { t } = useTranslation();
  const items = recent?.items ?? [];
  return (
    <section className="flex flex-col gap-1.5" data-testid="recent-submissions">
      <h2 className="text-sm font-semibold">{t('ext.recent.title')}</h2>
      {items.length === 0 ? (
        <p className="text-xs text-muted-foreground" data-testid="recent-empty">
          {recent ? t('ext.recent.none') : t('ext.recent.loading')}
        </p>
      ) : (
        <ul className="divide-y rounded-md border text-xs">
          {items.map((s) => {
            const url = submissionUrl(serverUrl, {
              submitId: s.submitId,
              cid: s.cid,
              displayId: s.problemLabel,
            });
            return (
              <li key={s.submitId} data-testid="recent-row" data-submit-id={s.submitId}>
                <a
                  href={url}
                  target="_blank"
                  rel="noreferrer"
                  className="grid grid-cols-[1fr_auto] gap-x-2 px-2.5 py-1.5 hover:bg-muted/60"
                >
                  <span className="truncate">
                    <span className="font-medium">{s.problemLabel}</span>
                    {s.title ? <span className="text-muted-foreground"> {s.title}</span> : null}
                  </span>
                  <StatusText status={s.status} testId={`recent-status-${s.submitId}`} />
                  <span className="text-muted-foreground">
                    {s.language}
                    {s.cid ? ` · ${t('ext.recent.contest', { cid: s.cid })}` : ''}
                  </span>
                  {/* a compile error has no time or memory: its message is shown below instead */}
                  {s.status !== JudgeStatus.COMPILE_ERROR && (
                    <span className="text-right tabular-nums text-muted-foreground">
                      {formatTime(s.time)} · {formatMemory(s.memory)}
                    </span>
                  )}
                </a>
                {s.status === JudgeStatus.COMPILE_ERROR && (
                  <div className="flex flex-col gap-1 px-2.5 pb-1.5">
                    {s.errorMessage && (
                      <pre
                        className="max-h-16 overflow-hidden whitespace-pre-wrap break-all rounded bg-muted px-2 py-1 font-mono text-[11px] leading-4"
                        data-testid={`recent-compile-${s.submitId}`}
                      >
                        {s.errorMessage}
                      </pre>
                    )}
                    <a
                      href={url}
                      target="_blank"
                      rel="noreferrer"
                      className="self-start text-primary hover:underline"
                      data-testid={`recent-compile-link-${s.submitId}`}
                    >
                      {t('ext.recent.compileDetail')}
                    </a>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
