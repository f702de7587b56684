import { Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContestProblemDetail } from '@/shared/api/contest-types';
import { parseExamples } from '@/shared/api/examples';
import { cn } from '@/shared/lib/utils';
import { Button } from '@/web/components/ui/button';
import { useWebsiteConfig } from '@/web/features/auth';

type Outcome = { kind: 'sent'; count: number; total: number } | { kind: 'none'; ports: string };

/**
 * "Send to local tools": the problem with its limits and samples, in Competitive Companion's format, to
 * the ports CP Editor, CPH and the like listen on; then how many answered, or that none did. The sending
 * code loads with the first click, outside the problem page's first load.
 */
export function SendToLocalTools({
  detail,
  contestTitle,
}: {
  detail: ContestProblemDetail;
  contestTitle?: string | null;
}) {
  const { t } = useTranslation();
  const config = useWebsiteConfig().data;
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const send = async () => {
    const p = detail.problem;
    setSending(true);
    setOutcome(null);
    const { buildCompanionTask, sendToLocalTools } = await import('@/shared/competitive-companion');
    const task = buildCompanionTask({
      label: p.problemId,
      title: p.title,
      siteName: config?.shortName || config?.name || window.location.host,
      contestTitle: contestTitle ?? null,
      url: `${window.location.origin}${window.location.pathname}`,
      judgeMode: p.judgeMode,
      timeLimitMs: p.timeLimit,
      memoryLimitMb: p.memoryLimit,
      examples: parseExamples(p.examples),
      fileIO: p.isFileIO ? { input: p.ioReadFileName, output: p.ioWriteFileName } : null,
    });
    const result = await sendToLocalTools(task);
    setSending(false);
    setOutcome(
      result.listened.length > 0
        ? { kind: 'sent', count: result.listened.length, total: result.ports.length }
        : { kind: 'none', ports: result.ports.join(', ') },
    );
  };

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="local-tools">
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => void send()}
        disabled={sending}
        title={t('localTools.hint')}
        data-testid="local-tools-send"
      >
        <Send />
        {sending ? t('localTools.sending') : t('localTools.button')}
      </Button>
      <span
        role="status"
        className={cn('text-sm', outcome?.kind === 'none' ? 'text-destructive' : 'text-muted-foreground')}
        data-testid="local-tools-status"
        data-outcome={outcome?.kind ?? ''}
      >
        {outcome?.kind === 'sent' && t('localTools.sent', { count: outcome.count, total: outcome.total })}
        {outcome?.kind === 'none' && t('localTools.none', { ports: outcome.ports })}
      </span>
    </div>
  );
}
