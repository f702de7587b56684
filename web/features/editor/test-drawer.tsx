import { Loader2, Play, X } from 'lucide-react';
import { Tabs } from 'radix-ui';
import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { JudgeStatus } from '@/shared/constants/judge-status';
import { LIMITS } from '@/shared/constants/limits';
import { formatMemory, formatTime } from '@/shared/format';
import { cn } from '@/shared/lib/utils';
import type { TestJudgeResult } from '@/shared/schemas/api';
import { StatusTag } from '@/web/components/status-tag';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';

export type TestTab = 'case' | 'result';

interface TestDrawerProps {
  tab: TestTab;
  onTabChange(tab: TestTab): void;
  input: string;
  onInputChange(value: string): void;
  expected: string;
  onExpectedChange(value: string): void;
  running: boolean;
  result: TestJudgeResult | undefined;
  hasRun: boolean;
  onRun(): void;
  onClose(): void;
}

const tabClass =
  'rounded-md px-3 py-1 text-sm font-medium text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-xs';

/** The verdict's meaning for a test run: compared with the expected output, or only run. */
function comparisonKey(result: TestJudgeResult): string | null {
  const compared = result.expectedOutput !== null && result.expectedOutput !== undefined;
  if (result.status === JudgeStatus.ACCEPTED)
    return compared ? 'workspace.test.matches' : 'workspace.test.ran';
  if (result.status === JudgeStatus.WRONG_ANSWER) return 'workspace.test.differs';
  if (result.status === JudgeStatus.PRESENTATION_ERROR) return 'workspace.test.differsBlank';
  return null;
}

function Block({ label, text, testId }: { label: string; text: string; testId: string }) {
  return (
    <div className="grid min-w-0 content-start gap-1">
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      <pre
        className="max-h-40 min-h-8 overflow-auto whitespace-pre-wrap break-all rounded-md border bg-muted/50 px-2 py-1.5 font-mono text-xs"
        data-testid={testId}
      >
        {text}
      </pre>
    </div>
  );
}

function ResultView({ result, running, hasRun }: Pick<TestDrawerProps, 'result' | 'running' | 'hasRun'>) {
  const { t } = useTranslation();
  if (running) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="test-running">
        <Loader2 className="size-4 animate-spin" aria-hidden />
        {t('workspace.test.running')}
      </p>
    );
  }
  if (!result || result.status === JudgeStatus.PENDING) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="test-result-empty">
        {hasRun ? t('workspace.test.noResult') : t('workspace.test.notRun')}
      </p>
    );
  }
  const comparison = comparisonKey(result);
  return (
    <div className="grid gap-3" data-testid="test-result">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <StatusTag status={result.status} data-testid="test-status" />
        {comparison && <span data-testid="test-comparison">{t(comparison)}</span>}
        <span className="tabular-nums text-muted-foreground">
          {t('workspace.test.time')}: {formatTime(result.time ?? null)}
        </span>
        <span className="tabular-nums text-muted-foreground">
          {t('workspace.test.memory')}: {formatMemory(result.memory ?? null)}
        </span>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Block label={t('workspace.test.output')} text={result.userOutput ?? ''} testId="test-output" />
        {result.expectedOutput !== null && result.expectedOutput !== undefined && (
          <Block
            label={t('workspace.test.expected')}
            text={result.expectedOutput}
            testId="test-expected-output"
          />
        )}
        <Block label={t('workspace.test.input')} text={result.userInput ?? ''} testId="test-input-echo" />
        {result.stderr ? (
          <Block label={t('workspace.test.errors')} text={result.stderr} testId="test-stderr" />
        ) : null}
      </div>
    </div>
  );
}

function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="grid min-w-0 content-start gap-1">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id} className="text-xs">
          {label}
        </Label>
        {hint && <span className="text-xs tabular-nums text-muted-foreground">{hint}</span>}
      </div>
      {children}
    </div>
  );
}

/**
 * The online test drawer: Test Case (custom input, prefilled with the first sample, and
 * an optional expected output), Test Result, and Run.
 */
export function TestDrawer(props: TestDrawerProps) {
  const { t } = useTranslation();
  const { tab, onTabChange, input, onInputChange, expected, onExpectedChange, running, onRun, onClose } =
    props;
  const tooLong = input.length > LIMITS.testInputMaxLength;
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(v) => onTabChange(v as TestTab)}
      className="flex max-h-[45%] min-h-0 shrink-0 flex-col border-t bg-card"
      data-testid="test-drawer"
    >
      <div className="flex flex-wrap items-center gap-2 border-b px-3 py-1.5">
        <Tabs.List className="flex gap-1 rounded-lg bg-muted p-0.5" aria-label={t('workspace.test.title')}>
          <Tabs.Trigger value="case" className={tabClass} data-testid="test-tab-case">
            {t('workspace.test.caseTab')}
          </Tabs.Trigger>
          <Tabs.Trigger value="result" className={tabClass} data-testid="test-tab-result">
            {t('workspace.test.resultTab')}
          </Tabs.Trigger>
        </Tabs.List>
        <div className="ml-auto flex items-center gap-1">
          <Button
            size="sm"
            variant="secondary"
            onClick={onRun}
            disabled={running}
            title={t('workspace.test.runShortcut')}
            data-testid="test-run"
          >
            {running ? <Loader2 className="animate-spin" /> : <Play />}
            {t('workspace.test.run')}
            <kbd className="hidden rounded border px-1 font-normal text-[10px] opacity-70 md:inline">
              Ctrl+'
            </kbd>
          </Button>
          <Button
            size="icon-sm"
            variant="ghost"
            onClick={onClose}
            aria-label={t('workspace.test.close')}
            title={t('workspace.test.close')}
            data-testid="test-close"
          >
            <X />
          </Button>
        </div>
      </div>
      <Tabs.Content value="case" className="min-h-0 overflow-auto p-3 outline-none">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            id="test-input"
            label={t('workspace.test.input')}
            hint={`${input.length}/${LIMITS.testInputMaxLength}`}
          >
            <Textarea
              id="test-input"
              value={input}
              onChange={(e) => onInputChange(e.target.value)}
              aria-invalid={tooLong || undefined}
              spellCheck={false}
              className={cn('min-h-24 font-mono text-xs md:text-xs', tooLong && 'border-destructive')}
              data-testid="test-input"
            />
          </Field>
          <Field id="test-expected" label={t('workspace.test.expectedOptional')}>
            <Textarea
              id="test-expected"
              value={expected}
              onChange={(e) => onExpectedChange(e.target.value)}
              spellCheck={false}
              placeholder={t('workspace.test.expectedPlaceholder')}
              className="min-h-24 font-mono text-xs md:text-xs"
              data-testid="test-expected"
            />
          </Field>
        </div>
      </Tabs.Content>
      <Tabs.Content value="result" className="min-h-0 overflow-auto p-3 outline-none">
        <ResultView result={props.result} running={running} hasRun={props.hasRun} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
