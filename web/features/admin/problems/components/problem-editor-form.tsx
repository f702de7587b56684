import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormProvider, type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { apiErrorText } from '@/shared/api/error-message';
import type { Language } from '@/shared/api/types';
import { ProblemAuth } from '@/shared/constants/problems';
import { SubmitButton } from '@/web/components/pending-button';
import { Button } from '@/web/components/ui/button';
import { useAuth } from '@/web/lib/auth';
import { useContestModeSave, useProblemEditorScope, useSaveProblem } from '../api';
import { editorResolver } from '../lib/editor-schema';
import { type EditorValues, toProblemDto } from '../lib/editor-values';
import { BasicsSection } from './basics-section';
import { ExamplesSection } from './examples-section';
import { ExtraFilesSection } from './extra-files-section';
import { JudgeSection } from './judge-section';
import { StatementSection } from './statement-section';
import { TagsLanguagesSection } from './tags-languages-section';
import { TestdataSection } from './testdata-section';

/**
 * The editor's contest mode: a new problem made for one contest. The contest screen says where
 * the editor leads back to, adds its own section (the problem's place in the contest) and saves
 * its own way; the problem's visibility is the contest's (kept for contests only).
 */
export interface ContestMode {
  heading: string;
  /** where Back, Cancel and a finished save lead */
  backPath: string;
  /** shown after the basics */
  section: ReactNode;
  /** saves the checked values and resolves with the success toast's words; may mark a field it refuses */
  save(values: EditorValues, form: { setError: UseFormSetError<EditorValues> }): Promise<string>;
}

/**
 * The problem editor, for a new problem or a stored one: every section of HOJ's editor in one
 * form, checked with the server's rules; a save goes back to the list with the server's message.
 */
export function ProblemEditorForm({
  initial,
  languages,
  contest,
}: {
  initial: EditorValues;
  languages: readonly Language[];
  contest?: ContestMode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const roles = useAuth((s) => s.userInfo?.roleList) ?? [];
  const scope = useProblemEditorScope();
  const form = useForm<EditorValues>({ resolver: editorResolver, defaultValues: initial });
  const plainSave = useSaveProblem();
  const contestSave = useContestModeSave((values) =>
    contest ? contest.save(values, { setError: form.setError }) : Promise.reject(new Error('no contest')),
  );
  const save = contest ? contestSave : plainSave;
  const editing = initial.problem.id !== undefined;
  const backPath = contest?.backPath ?? scope.listPath;

  const onSubmit = form.handleSubmit(
    (values) => {
      if (contest) {
        contestSave.mutate(values, {
          onSuccess: (message) => {
            toast.success(message);
            navigate(backPath);
          },
        });
        return;
      }
      plainSave.mutate(
        { dto: toProblemDto(values), edit: editing },
        {
          onSuccess: (res) => {
            toast.success(res.msg || t('admin.updated'));
            navigate(scope.listPath);
          },
        },
      );
    },
    () => toast.error(t('admin.problem.fixErrors')),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="grid min-w-0 gap-4" data-testid="problem-editor">
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="ghost" size="sm" asChild>
            <Link to={backPath}>
              <ArrowLeft />
              {t(contest ? 'admin.contest.backToProblems' : 'admin.problem.back')}
            </Link>
          </Button>
          <h2 className="min-w-0 truncate text-lg font-semibold" data-testid="problem-editor-title">
            {contest
              ? contest.heading
              : editing
                ? t('admin.problem.editTitle', { problemId: `${scope.idPrefix}${initial.problem.problemId}` })
                : t('admin.problem.create')}
          </h2>
        </div>
        <BasicsSection
          canPublish={scope.canPublish(roles)}
          wasPublic={editing && initial.problem.auth === ProblemAuth.PUBLIC}
          contestOnly={!!contest}
          idPrefix={scope.idPrefix}
          visibilityHint={scope.visibilityHint ? t(scope.visibilityHint) : undefined}
        />
        {contest?.section}
        <StatementSection />
        <ExamplesSection />
        <TagsLanguagesSection languages={languages} />
        <JudgeSection languages={languages} />
        <TestdataSection editing={editing} />
        <ExtraFilesSection />
        <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-end gap-3 border-t bg-background/95 px-1 py-3 backdrop-blur">
          {save.isError && (
            <p
              role="alert"
              className="mr-auto min-w-0 text-sm text-destructive"
              data-testid="problem-save-error"
            >
              {apiErrorText(save.error, t)}
            </p>
          )}
          <Button variant="outline" asChild>
            <Link to={backPath}>{t('common.cancel')}</Link>
          </Button>
          <SubmitButton pending={save.isPending} data-testid="problem-save">
            {t('admin.save')}
          </SubmitButton>
        </div>
      </form>
    </FormProvider>
  );
}
