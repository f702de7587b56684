import { useTranslation } from 'react-i18next';
import type { Example } from '@/shared/api/examples';
import { CopyButton } from '@/web/components/copy-button';

function SampleBlock({
  title,
  text,
  testId,
  kind,
  n,
}: {
  title: string;
  text: string;
  testId: string;
  kind: 'input' | 'output';
  n: number;
}) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0 rounded-md border">
      <div className="flex items-center justify-between border-b bg-muted/50 px-3 py-1">
        <h3 className="text-sm font-medium">{title}</h3>
        <CopyButton text={text} label={t('common.copy')} data-testid={`copy-${testId}`} />
      </div>
      {/* data-sample / data-sample-index: stable hooks for tools, independent of the interface language */}
      <pre
        className="overflow-x-auto p-3 text-sm"
        data-testid={testId}
        data-sample={kind}
        data-sample-index={n}
      >
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
    <div className="grid gap-3 md:grid-cols-2" data-testid="sample-case">
      <SampleBlock
        title={t('problemPage.statement.sampleInput', { n })}
        text={example.input}
        testId={`sample-input-${n}`}
        kind="input"
        n={n}
      />
      <SampleBlock
        title={t('problemPage.statement.sampleOutput', { n })}
        text={example.output}
        testId={`sample-output-${n}`}
        kind="output"
        n={n}
      />
    </div>
  );
}
