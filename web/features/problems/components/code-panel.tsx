import { RotateCcw, Send } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITOR_DEFAULTS } from '@/shared/constants/editor';
import { cn } from '@/shared/lib/utils';
import { Button } from '@/web/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { EditorSettingsPopover } from '@/web/features/editor/editor-settings-popover';
import { LazyCodeEditor } from '@/web/features/editor/lazy-code-editor';
import { useEditorSettings } from '@/web/features/editor/settings';
import { SubmitStatus } from '@/web/features/submissions/components/submit-status';
import type { CodeWorkspace } from '../use-code-workspace';

interface CodePanelProps {
  workspace: CodeWorkspace;
  /** fill the parent's height (desktop split) instead of the default editor height */
  fill: boolean;
}

/** Right side of the problem page: language, editor settings, the editor, status and Submit. */
export function CodePanel({ workspace: ws, fill }: CodePanelProps) {
  const { t } = useTranslation();
  const settings = useEditorSettings();

  // Ctrl+Enter anywhere in the panel; inside the editor its own keymap handles it first
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.defaultPrevented) {
      e.preventDefault();
      ws.submit();
    }
  };

  return (
    <section
      aria-label={t('web.editor.panel')}
      className={cn('flex min-h-0 flex-col bg-card', fill && 'h-full')}
      onKeyDown={onKeyDown}
    >
      <div className="flex flex-wrap items-center gap-2 border-b px-3 py-2">
        <label htmlFor="code-language" className="sr-only">
          {t('web.editor.language')}
        </label>
        <Select value={ws.language ?? undefined} onValueChange={ws.setLanguage}>
          <SelectTrigger id="code-language" size="sm" className="min-w-36" data-testid="language-select">
            <SelectValue placeholder={t('web.editor.language')} />
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
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t('web.editor.reset')}
            title={t('web.editor.reset')}
            onClick={ws.resetToTemplate}
            data-testid="reset-code"
          >
            <RotateCcw />
          </Button>
          <EditorSettingsPopover />
        </div>
      </div>
      <div
        className={cn('min-h-0', fill && 'flex-1')}
        style={fill ? undefined : { height: EDITOR_DEFAULTS.height }}
      >
        {ws.language && (
          <LazyCodeEditor
            testId="editor"
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
          />
        )}
      </div>
      <div className="flex items-center justify-between gap-3 border-t px-3 py-2">
        <div className="min-w-0" aria-live="polite">
          <SubmitStatus submitting={ws.flow.submitting} submitId={ws.flow.submitId} status={ws.flow.status} />
        </div>
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
    </section>
  );
}
