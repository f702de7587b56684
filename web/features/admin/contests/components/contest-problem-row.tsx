import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink, Pencil, Save, Trash2 } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ApiError } from '@/shared/api/client';
import type { ContestProblem } from '@/shared/api/contest-types';
import { apiErrorText } from '@/shared/api/error-message';
import type { Problem } from '@/shared/api/types';
import { contestProblemUpdateBody } from '@/shared/schemas/contests';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { PendingButton } from '@/web/components/pending-button';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { useContestEditorScope, useRemoveContestProblem, useUpdateContestProblem } from '../api';
import { fieldOfRefusal } from '../lib/server-refusal';
import { BalloonColour } from './balloon-colour';

/** The server's rules for the three settings a row edits. */
const placement = contestProblemUpdateBody.pick({ displayId: true, displayTitle: true, color: true });
type PlacementInput = z.input<typeof placement>;
type Placement = z.output<typeof placement>;

const REFUSAL_FIELDS = {
  'contest.displayIdTaken': 'displayId',
  'contest.displayIdRequired': 'displayId',
  'contest.displayIdTooLong': 'displayId',
  'contest.displayTitleTooLong': 'displayTitle',
  'contest.colorTooLong': 'color',
} as const;

/** Column widths shared by the rows and the header above them (from the tablet up). */
export const ROW_GRID = 'lg:grid-cols-[6rem_minmax(0,1fr)_minmax(0,1fr)_7rem_12.5rem]';

/**
 * One problem of the contest, edited in place: its display id, the title the contest shows and
 * its balloon colour, saved together; open it on the contest's page, edit the problem itself,
 * or take it out of the contest (the problem stays).
 */
export function ContestProblemRow({
  cid,
  problem,
  link,
}: {
  cid: number;
  problem: Problem;
  link: ContestProblem;
}) {
  const { t } = useTranslation();
  const update = useUpdateContestProblem(cid);
  const remove = useRemoveContestProblem(cid);
  const editPath = useContestEditorScope().problemEditPath(problem);
  const form = useForm<PlacementInput, unknown, Placement>({
    resolver: zodResolver(placement),
    values: {
      displayId: link.displayId,
      // the contest shows the problem's own title unless it was given another
      displayTitle: link.displayTitle === problem.title ? '' : link.displayTitle,
      color: link.color ?? '',
    },
    // another row's save reloads the list: what this row is editing stays
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isDirty } = form.formState;
  const id = `contest-problem-${problem.id}`;
  const fieldError = errors.displayId?.message ?? errors.displayTitle?.message ?? errors.color?.message;
  const error = fieldError ? t(fieldError) : update.isError ? apiErrorText(update.error, t) : null;

  const onSubmit = form.handleSubmit((v) =>
    update.mutate(
      {
        id: link.id,
        cid,
        pid: problem.id,
        displayId: v.displayId,
        displayTitle: v.displayTitle || null,
        color: v.color || null,
      },
      {
        onSuccess: () => toast.success(t('admin.contest.problemSaved', { displayId: v.displayId })),
        onError: (e) => {
          const hit = e instanceof ApiError ? fieldOfRefusal(e.message, t, REFUSAL_FIELDS) : null;
          if (hit) form.setError(hit.field, { type: 'server', message: hit.key });
        },
      },
    ),
  );

  return (
    <li className="border-b last:border-0" data-testid={`${id}-row`} data-display-id={link.displayId}>
      <form onSubmit={onSubmit} noValidate className={`grid grid-cols-2 items-start gap-2 py-3 ${ROW_GRID}`}>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-displayId`} className="text-xs text-muted-foreground lg:sr-only">
            {t('admin.contest.displayId')}
          </Label>
          <Input
            id={`${id}-displayId`}
            className="font-mono"
            autoComplete="off"
            aria-invalid={!!errors.displayId}
            aria-describedby={error ? `${id}-error` : undefined}
            {...form.register('displayId')}
          />
        </div>
        <div className="col-span-2 row-start-1 min-w-0 self-center lg:col-span-1 lg:row-start-auto">
          <span className="mr-2 font-mono text-xs text-muted-foreground">{problem.problemId}</span>
          <span className="font-medium break-words">{problem.title}</span>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-displayTitle`} className="text-xs text-muted-foreground lg:sr-only">
            {t('admin.contest.displayTitle')}
          </Label>
          <Input
            id={`${id}-displayTitle`}
            autoComplete="off"
            placeholder={problem.title}
            aria-invalid={!!errors.displayTitle}
            {...form.register('displayTitle')}
          />
        </div>
        <div className="grid gap-1">
          <span className="text-xs text-muted-foreground lg:sr-only" aria-hidden>
            {t('admin.contest.balloon')}
          </span>
          <Controller
            control={form.control}
            name="color"
            render={({ field }) => (
              <BalloonColour
                id={`${id}-color`}
                label={t('admin.contest.balloonOf', { displayId: link.displayId })}
                value={field.value ?? ''}
                onChange={field.onChange}
                invalid={!!errors.color}
              />
            )}
          />
        </div>
        <div className="col-span-2 flex flex-wrap items-center justify-end gap-1 lg:col-span-1">
          <PendingButton
            type="submit"
            size="sm"
            variant={isDirty ? 'default' : 'outline'}
            pending={update.isPending}
            disabled={!isDirty}
            data-testid={`${id}-save`}
          >
            <Save />
            {t('admin.save')}
          </PendingButton>
          <Button variant="ghost" size="icon" asChild>
            <Link
              to={`/contest/${cid}/problem/${encodeURIComponent(link.displayId)}`}
              target="_blank"
              rel="noopener"
              aria-label={t('admin.contest.openProblem', { displayId: link.displayId })}
              title={t('admin.contest.openProblem', { displayId: link.displayId })}
            >
              <ExternalLink />
            </Link>
          </Button>
          {editPath && (
            <Button variant="ghost" size="icon" asChild>
              <Link
                to={editPath}
                aria-label={t('admin.contest.editProblem', { problemId: problem.problemId })}
                title={t('admin.contest.editProblem', { problemId: problem.problemId })}
              >
                <Pencil />
              </Link>
            </Button>
          )}
          <ConfirmDialog
            title={t('admin.contest.removeConfirm', { displayId: link.displayId })}
            description={t('admin.contest.removeWarning', { title: problem.title })}
            confirmLabel={t('admin.contest.remove')}
            destructive
            onConfirm={() =>
              remove.mutate(problem.id, { onSuccess: () => toast.success(t('contest.problemRemoved')) })
            }
            trigger={
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={t('admin.contest.removeOf', { displayId: link.displayId })}
                title={t('admin.contest.remove')}
                disabled={remove.isPending}
                data-testid={`${id}-remove`}
              >
                <Trash2 />
              </Button>
            }
          />
        </div>
        {error && (
          <p
            id={`${id}-error`}
            role="alert"
            className="col-span-full text-sm text-destructive"
            data-testid={`${id}-error`}
          >
            {error}
          </p>
        )}
      </form>
    </li>
  );
}
