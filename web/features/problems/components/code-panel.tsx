import { FlaskConical, History, Loader2, Maximize2, Minimize2, RotateCcw, Send } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_DEFAULTS } from '@/shared/constants/editor';
import { cn } from '@/shared/lib/utils';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Button } from '@/web/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { EditorSettingsPopover, LazyCodeEditor, TestDrawer, useEditorSettings } from '@/web/features/editor';
import { SubmitCaptcha, SubmitStatus } from '@/web/features/submissions';
import type { CodeWorkspace } from '../use-code-workspace';

interface CodePanelProps {
  workspace: CodeWorkspace;
  /** fill the parent's height (desktop split) instead of the default editor height */
  fill: boolean;
}

function ToolButton({
  label,
  onClick,
  testId,
  disabled,
  children,
}: {
  label: string;
  onClick(): void;
  testId: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

/** Focus mode: the panel takes the whole window until Esc or the button leaves it. */
function useFocusMode() {
  const [focus, setFocus] = useState(false);
  useEffect(() => {
    if (!focus) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      // a dialog or menu closing on Esc handles it first
      if (e.key === 'Escape' && !e.defaultPrevented && !document.querySelector('[role=dialog]'))
        setFocus(false);
    };
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [focus]);
  return [focus, setFocus] as const;
}

/**
 * Right side of the problem page: language, last accepted code, reset, focus mode and
 * editor settings; the editor; the online test drawer; status, captcha and Submit.
 */
export function CodePanel({ workspace: ws, fill }: CodePanelProps) {
  const { t } = useTranslation();
  const settings = useEditorSettings();
  const [focus, setFocus] = useFocusMode();
  const [confirmReset, setConfirmReset] = useState(false);
  const full = fill || focus;

  // Ctrl+Enter submits, Ctrl+' runs, anywhere in the panel; inside the editor its keymap goes first
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.defaultPrevented || !(e.ctrlKey || e.metaKey)) return;
    if (e.key === 'Enter') {
      e.preventDefault();
      ws.submit();
    } else if (e.key === "'") {
      e.preventDefault();
      void ws.runTest();
    }
  };

  return (
    <section
      aria-label={t('web.editor.panel')}
      className={cn('flex min-h-0 flex-col bg-card', full && 'h-full', focus && 'fixed inset-0 z-[45] h-dvh')}
      onKeyDown={onKeyDown}
      data-focus={focus || undefined}
      data-testid="code-panel"
    >
      <div className="flex flex-wrap items-center gap-2 border-b px-3 py-2">
        <label htmlFor="code-language" className="sr-only">
          {t('web.editor.language')}
        </label>
        <Select lazy value={ws.language ?? undefined} onValueChange={ws.setLanguage}>
          <SelectTrigger id="code-language" size="sm" className="min-w-36" data-testid="language-select">
            {/* named here, so the list need not be drawn while it is closed */}
            <SelectValue placeholder={t('web.editor.language')}>{ws.language}</SelectValue>
          </SelectTrigger>
          <SelectContent>
            {ws.languages.map((name) => (
              <SelectItem key={name} value={name} data-testid={`language-option-${name}`}>
                {name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <div className="ml-auto flex items-center gap-1">
          <ToolButton
            label={t('workspace.lastAc')}
            onClick={() => void ws.fetchLastAc()}
            disabled={ws.loadingLastAc}
            testId="last-ac-code"
          >
            {ws.loadingLastAc ? <Loader2 className="animate-spin" /> : <History />}
          </ToolButton>
          <ToolButton label={t('web.editor.reset')} onClick={() => setConfirmReset(true)} testId="reset-code">
            <RotateCcw />
          </ToolButton>
          <ToolButton
            label={focus ? t('workspace.focusLeave') : t('workspace.focusEnter')}
            onClick={() => setFocus(!focus)}
            testId="focus-mode"
          >
            {focus ? <Minimize2 /> : <Maximize2 />}
          </ToolButton>
          <EditorSettingsPopover />
        </div>
      </div>
      <div
        className={cn('min-h-0', full && 'flex-1')}
        style={full ? undefined : { height: EDITOR_DEFAULTS.height }}
      >
        {ws.language && (
          <LazyCodeEditor
            testId="editor"
            loadOn="interaction"
            label={t('web.editor.label')}
            value={ws.code}
            onChange={ws.setCode}
            language={ws.language}
            contentType={ws.contentType}
            theme={settings.theme}
            fontSize={settings.fontSize}
            tabSize={settings.tabSize}
            height="100%"
            onSubmitShortcut={ws.submit}
            onRunShortcut={() => void ws.runTest()}
          />
        )}
      </div>
      {ws.test.open && (
        <TestDrawer
          tab={ws.test.tab}
          onTabChange={ws.test.setTab}
          input={ws.test.input}
          onInputChange={ws.test.setInput}
          expected={ws.test.expected}
          onExpectedChange={ws.test.setExpected}
          running={ws.test.running}
          result={ws.test.result}
          hasRun={ws.test.hasRun}
          onRun={() => void ws.runTest()}
          onClose={() => ws.test.setOpen(false)}
        />
      )}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-t px-3 py-2">
        <Button
          variant={ws.test.open ? 'secondary' : 'outline'}
          size="sm"
          onClick={() => ws.test.setOpen(!ws.test.open)}
          aria-expanded={ws.test.open}
          data-testid="test-toggle"
        >
          <FlaskConical />
          {t('workspace.test.title')}
        </Button>
        <div className="min-w-0" aria-live="polite">
          <SubmitStatus
            submitting={ws.flow.submitting}
            submitId={ws.flow.submitId}
            status={ws.flow.status}
            queue={ws.flow.queue}
            detailPath={ws.detailPath}
          />
        </div>
        <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
          <SubmitCaptcha captcha={ws.flow.captcha} />
          <Button
            onClick={ws.submit}
            disabled={!ws.canSubmit}
            title={t('web.submit.shortcut')}
            data-testid="submit"
          >
            <Send />
            {t('web.submit.submit')}
            <kbd className="hidden rounded border border-primary-foreground/30 px-1 font-normal text-[10px] opacity-80 md:inline">
              Ctrl+Enter
            </kbd>
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title={t('workspace.resetTitle')}
        description={t('workspace.resetConfirm')}
        confirmLabel={t('workspace.resetOk')}
        onConfirm={ws.resetToTemplate}
        destructive
        testId="reset-confirm"
      />
    </section>
  );
}
