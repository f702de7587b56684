import { useTranslation } from 'react-i18next';
import type { Example } from '@/shared/api/examples';
import { CopyButton } from '@/web/components/copy-button';

function SampleBlock({ title, text, testId }: { title: string; text: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0 rounded-md border">
      <div className="flex items-center justify-between border-b bg-muted/50 px-3 py-1">
        <h4 className="text-sm font-medium">{title}</h4>
        <CopyButton text={text} label={t('common.copy')} data-testid={`copy-${testId}`} />
      </div>
      <pre className="overflow-x-auto p-3 text-sm" data-testid={testId}>
        {text}
      </pre>
    </div>
  );
}

/** One sample pair with copy buttons; input and output side by side on wide screens. */
export function SampleCase({ example, index }: { example: Example; index: number }) {
  const { t } = useTranslation();
  const n = index + 1;
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <SampleBlock
        title={t('web.problem.sampleInput', { n })}
        text={example.input}
        testId={`sample-input-${n}`}
      />
      <SampleBlock
        title={t('web.problem.sampleOutput', { n })}
        text={example.output}
        testId={`sample-output-${n}`}
      />
    </div>
  );
}
