import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiErrorText } from '@/shared/api/error-message';
import type { Language } from '@/shared/api/types';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useJudgeLanguages, useProblemEditorScope, useStoredProblem } from './api';
import { ProblemEditorForm } from './components/problem-editor-form';
import { newProblemValues, type StoredProblem, storedProblemValues } from './lib/editor-values';

function EditorSkeleton() {
  return (
    <div className="grid gap-4" data-testid="problem-editor-loading">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-64 w-full" />
      <Skeleton className="h-96 w-full" />
    </div>
  );
}

function LoadedEditor({ languages, stored }: { languages: Language[]; stored: StoredProblem | null }) {
  const { idPrefix } = useProblemEditorScope();
  const initial = useMemo(() => {
    if (!stored) return newProblemValues(languages);
    const values = storedProblemValues(stored, languages);
    // a group's problem is edited without its group's short name, which the server puts back (HOJ)
    const id = values.problem.problemId;
    if (idPrefix && id.startsWith(idPrefix)) values.problem.problemId = id.slice(idPrefix.length);
    return values;
  }, [stored, languages, idPrefix]);
  return <ProblemEditorForm initial={initial} languages={languages} />;
}

/**
 * /admin/problem/create and /admin/problem/:pid/edit: the editor once the judge's languages (and the
 * problem) are in. Mounted inside a group (/group/:groupID/problem/:pid/edit) it edits the group's
 * problem through the group's calls (the scope its frame provides).
 */
export function Component() {
  const { t } = useTranslation();
  const { pid } = useParams();
  const id = pid === undefined ? null : Number(pid);
  const editing = id !== null;
  useDocumentTitle(t(editing ? 'admin.problem.edit' : 'admin.problem.create'));
  const languages = useJudgeLanguages();
  const stored = useStoredProblem(editing && Number.isInteger(id) && (id ?? 0) > 0 ? id : null);

  const failure = languages.error ?? stored.error;
  if (editing && (!Number.isInteger(id) || (id ?? 0) <= 0)) return <Refused text={t('errors.notFound')} />;
  if (failure) return <Refused text={apiErrorText(failure, t)} />;
  if (!languages.data || (editing && !stored.data)) return <EditorSkeleton />;
  return <LoadedEditor key={pid ?? 'new'} languages={languages.data} stored={stored.data ?? null} />;
}

function Refused({ text }: { text: string }) {
  const { t } = useTranslation();
  const { listPath } = useProblemEditorScope();
  return (
    <div className="grid justify-items-start gap-3" data-testid="problem-editor-refused">
      <p className="text-muted-foreground">{text}</p>
      <Button variant="outline" asChild>
        <Link to={listPath}>{t('admin.problem.back')}</Link>
      </Button>
    </div>
  );
}
