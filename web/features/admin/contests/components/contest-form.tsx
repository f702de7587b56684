import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '@/shared/api/client';
import { apiErrorText } from '@/shared/api/error-message';
import { SubmitButton } from '@/web/components/pending-button';
import { Button } from '@/web/components/ui/button';
import { useContestEditorScope, useSaveContest } from '../api';
import { contestResolver } from '../lib/contest-form-check';
import { type ContestFormValues, toContestBody } from '../lib/contest-form-values';
import { fieldOfRefusal } from '../lib/server-refusal';
import { AwardsSection } from './awards-section';
import { BasicsSection } from './basics-section';
import { RulesSection } from './rules-section';
import { SiteSection } from './site-section';
import { TimeSection } from './time-section';

/** Server refusals that belong to one field of the form (by their message key). */
const REFUSAL_FIELDS: Record<string, keyof ContestFormValues> = {
  'contest.endBeforeStart': 'endTime',
  'contest.startTimeRequired': 'startTime',
  'contest.endTimeRequired': 'endTime',
  'contest.sealTimeRequired': 'sealRankTime',
  'contest.sealTimeOutside': 'sealRankTime',
  'contest.passwordRequired': 'pwd',
  'contest.shortNameTaken': 'shortName',
  'contest.shortNameLength': 'shortName',
  'contest.shortNameChars': 'shortName',
  'contestSite.shortNameReserved': 'shortName',
  'contest.titleRequired': 'title',
  'contest.titleTooLong': 'title',
  'eventFeed.typeFixed': 'type',
};

/**
 * Every setting of a contest in one form, checked with the server's rules before it is sent; a
 * refusal of the server is shown under the field it concerns (and in a toast). A new contest
 * goes on to its problems, a changed one back to the list.
 */
export function ContestForm({ initial, cid }: { initial: ContestFormValues; cid: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scope = useContestEditorScope();
  const form = useForm<ContestFormValues>({ resolver: contestResolver, defaultValues: initial });
  const save = useSaveContest();

  const onSubmit = form.handleSubmit(
    (values) => {
      const body = toContestBody(values);
      save.mutate(cid === null ? body : { ...body, id: cid }, {
        onSuccess: (saved) => {
          toast.success(t(cid === null ? 'contest.created' : 'contest.updated'));
          navigate(cid === null ? scope.path(saved.id, 'problem') : scope.listPath);
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          const hit = fieldOfRefusal(error.message, t, REFUSAL_FIELDS);
          if (hit) form.setError(hit.field, { type: 'server', message: hit.key }, { shouldFocus: true });
        },
      });
    },
    () => toast.error(t('admin.contest.fixErrors')),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="grid min-w-0 gap-4" data-testid="contest-editor">
        <BasicsSection />
        <TimeSection />
        <RulesSection />
        <AwardsSection />
        <SiteSection />
        <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-end gap-3 border-t bg-background/95 px-1 py-3 backdrop-blur">
          {save.isError && (
            <p
              role="alert"
              className="mr-auto min-w-0 text-sm text-destructive"
              data-testid="contest-save-error"
            >
              {apiErrorText(save.error, t)}
            </p>
          )}
          <Button variant="outline" asChild>
            <Link to={scope.listPath}>{t('common.cancel')}</Link>
          </Button>
          <SubmitButton pending={save.isPending} data-testid="contest-save">
            {t(cid === null ? 'admin.contest.createSubmit' : 'admin.save')}
          </SubmitButton>
        </div>
      </form>
    </FormProvider>
  );
}
