import { useTranslation } from 'react-i18next';
import type { SubmitDraft } from '../lib/state';

/** Lines as an editor counts them: a final line break does not start another line. */
export function countLines(code: string): number {
  const text = code.replace(/\r\n?/g, '\n').replace(/\n$/, '');
  return text ? text.split('\n').length : 0;
}

/** Where the code in the form came from: the selection or which editor, in which tab, how long. */
export function DraftSource({ draft, lines }: { draft: SubmitDraft | null; lines: number }) {
  const { t } = useTranslation();
  if (!draft) {
    return (
      <p className="text-xs text-muted-foreground" data-testid="submit-source" data-source="none">
        {t('ext.submit.noDraft')}
      </p>
    );
  }
  const tab = draft.tabTitle || draft.tabUrl || '';
  const where =
    draft.source === 'selection'
      ? t('ext.submit.sourceSelection', { tab })
      : t('ext.submit.sourceEditor', {
          tab,
          editor: t(`ext.editors.${draft.editor ?? 'unknown'}`, { defaultValue: t('ext.editors.unknown') }),
        });
  return (
    <p
      className="text-xs text-muted-foreground"
      data-testid="submit-source"
      data-source={draft.source}
      data-lines={lines}
    >
      <span className="break-words">{where}</span>
      {' · '}
      <span className="tabular-nums">{t('ext.submit.lines', { count: lines })}</span>
    </p>
  );
}
