import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownHtml } from '@/web/components/markdown-html';
import { Button } from '@/web/components/ui/button';
import type { ProblemView } from '../lib/problem';

/** The statement (server-rendered, sanitised HTML with KaTeX markup) and the samples with copy buttons. */
export function ProblemStatement({ view }: { view: ProblemView }) {
  const { t } = useTranslation();
  const sections = [
    { key: 'description', title: t('ext.panel.description') },
    { key: 'input', title: t('ext.panel.input') },
    { key: 'output', title: t('ext.panel.output') },
  ] as const;
  return (
    <div className="flex flex-col gap-3" data-testid="panel-statement">
      {sections.map(({ key, title }) => {
        const html = view.statementHtml?.[key];
        const markdown = view.markdown[key];
        if (!html && !markdown) return null;
        return (
          <section key={key} data-testid={`panel-${key}`}>
            <h3 className="mb-1 text-sm font-semibold">{title}</h3>
            {html ? <MarkdownHtml html={html} /> : <p className="whitespace-pre-wrap text-sm">{markdown}</p>}
          </section>
        );
      })}
      {view.examples.map((example, i) => (
        <section key={`${i}-${example.input.length}`} className="grid gap-2" data-testid="panel-sample">
          <Sample
            label={t('ext.panel.sampleInput', { n: i + 1 })}
            text={example.input}
            testId={`panel-sample-input-${i + 1}`}
          />
          <Sample
            label={t('ext.panel.sampleOutput', { n: i + 1 })}
            text={example.output}
            testId={`panel-sample-output-${i + 1}`}
          />
        </section>
      ))}
      {(view.statementHtml?.hint || view.markdown.hint) && (
        <section data-testid="panel-hint">
          <h3 className="mb-1 text-sm font-semibold">{t('ext.panel.hint')}</h3>
          {view.statementHtml?.hint ? (
            <MarkdownHtml html={view.statementHtml.hint} />
          ) : (
            <p className="whitespace-pre-wrap text-sm">{view.markdown.hint}</p>
          )}
        </section>
      )}
    </div>
  );
}

function Sample({ label, text, testId }: { label: string; text: string; testId: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    setTimeout(() => setState('idle'), 1500);
  }
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between">
        <span className="text-xs font-medium">{label}</span>
        <Button
          size="sm"
          variant="ghost"
          className="h-6 px-2 text-xs"
          onClick={copy}
          data-testid={`${testId}-copy`}
          data-state={state}
        >
          {state === 'copied'
            ? t('ext.panel.copied')
            : state === 'failed'
              ? t('common.copyFailed')
              : t('common.copy')}
        </Button>
      </div>
      <pre className="overflow-x-auto rounded-md bg-muted p-2 font-mono text-xs" data-testid={testId}>
        {text}
      </pre>
    </div>
  );
}
