import { Controller, type FieldErrors, type Resolver, set, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { apiErrorText } from '@/shared/api/error-message';
import type { AdminTrainingDto } from '@/shared/api/training-types';
import { TRAINING_AUTHS, TrainingAuth, type TrainingAuthValue } from '@/shared/constants/trainings';
import { type TrainingDtoForm, trainingCreateBody } from '@/shared/schemas/trainings';
import { FormField, InputField } from '@/web/components/form-field';
import { MarkdownEditor } from '@/web/components/markdown-editor';
import { SubmitButton } from '@/web/components/pending-button';
import { TitledCard } from '@/web/components/titled-card';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Switch } from '@/web/components/ui/switch';
import { useStatementUploads } from '../../markdown-uploads';
import { FormSelect } from '../../problems/components/form-select';
import { useSaveTraining, useTrainingCategoryList, useTrainingEditorScope } from '../api';

/** The form's own values: text boxes hold text; the body is built from them when saving. */
export interface TrainingFormValues {
  rank: string;
  title: string;
  description: string;
  categoryId: string;
  auth: TrainingAuthValue;
  privatePwd: string;
  status: boolean;
}

export function newTrainingValues(): TrainingFormValues {
  // HOJ's form starts at order number 1000: new trainings go after the hand-ordered ones
  return {
    rank: '1000',
    title: '',
    description: '',
    categoryId: '',
    auth: TrainingAuth.PUBLIC,
    privatePwd: '',
    status: true,
  };
}

export function trainingValues(dto: AdminTrainingDto): TrainingFormValues {
  const t = dto.training;
  return {
    rank: String(t.rank),
    title: t.title,
    description: t.description,
    categoryId: dto.trainingCategory ? String(dto.trainingCategory.id) : '',
    auth: t.auth,
    privatePwd: t.privatePwd ?? '',
    status: t.status,
  };
}

function toBody(v: TrainingFormValues): TrainingDtoForm {
  return {
    training: {
      title: v.title,
      description: v.description,
      auth: v.auth,
      rank: v.rank.trim() === '' ? Number.NaN : Number(v.rank),
      status: v.status,
      ...(v.auth === TrainingAuth.PRIVATE ? { privatePwd: v.privatePwd } : {}),
    },
    trainingCategory: { id: v.categoryId === '' ? 0 : Number(v.categoryId) },
  };
}

/** Where each issue of the server's schema shows in this form. */
const FIELD_OF: Record<string, keyof TrainingFormValues> = {
  'training.title': 'title',
  'training.description': 'description',
  'training.rank': 'rank',
  'training.auth': 'auth',
  'training.privatePwd': 'privatePwd',
  'trainingCategory.id': 'categoryId',
  trainingCategory: 'categoryId',
};

/** The server's own schema checks the form, with its message keys (the same words either side). */
const resolver: Resolver<TrainingFormValues> = async (values) => {
  const parsed = trainingCreateBody.safeParse(toBody(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<TrainingFormValues> = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[issue.path.map(String).join('.')];
    if (field && !errors[field]) set(errors, field, { type: 'schema', message: issue.message });
  }
  return { values: {}, errors };
};

/**
 * A training's settings (HOJ's form): order number, title, introduction, category, access and the
 * password of a private one, and whether the site shows it. A new training goes on to its problems,
 * a changed one back to the list.
 */
export function TrainingForm({ initial, tid }: { initial: TrainingFormValues; tid: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scope = useTrainingEditorScope();
  const categories = useTrainingCategoryList();
  const uploads = useStatementUploads();
  const form = useForm<TrainingFormValues>({ resolver, defaultValues: initial });
  const { register, control, getValues, formState } = form;
  const { errors } = formState;
  const auth = useWatch({ control, name: 'auth' });
  const save = useSaveTraining();

  const onSubmit = form.handleSubmit(
    (values) => {
      const body = toBody(values);
      save.mutate(tid === null ? body : { ...body, training: { ...body.training, id: tid } }, {
        onSuccess: (saved) => {
          toast.success(t(tid === null ? 'trainingAdmin.created' : 'trainingAdmin.updated'));
          navigate(tid === null ? scope.path(saved.training.id, 'problems') : scope.listPath);
        },
      });
    },
    () => toast.error(t('trainingAdmin.editor.fixErrors')),
  );

  if (categories.data?.length === 0) {
    return (
      <p
        className="rounded-md border border-dashed p-6 text-muted-foreground"
        data-testid="training-no-categories"
      >
        {t('trainingAdmin.editor.noCategories')}
        {scope.categoryPath && (
          <>
            {' '}
            <Link to={scope.categoryPath} className="text-primary underline">
              {t('trainingAdmin.categories.title')}
            </Link>
          </>
        )}
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid min-w-0 gap-4" data-testid="training-editor">
      <TitledCard title={t('trainingAdmin.editor.settings')}>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <InputField
              id="training-title"
              label={t('trainingAdmin.editor.title')}
              autoComplete="off"
              error={errors.title?.message}
              {...register('title')}
            />
          </div>
          <FormField
            id="training-rank"
            label={t('trainingAdmin.editor.rank')}
            hint={t('trainingAdmin.editor.rankHint')}
            error={errors.rank?.message}
          >
            <Input
              id="training-rank"
              type="number"
              inputMode="numeric"
              min={0}
              aria-invalid={!!errors.rank}
              aria-describedby={errors.rank ? 'training-rank-error' : undefined}
              data-testid="training-rank"
              {...register('rank')}
            />
          </FormField>
          <Controller
            control={control}
            name="categoryId"
            render={({ field }) => (
              <FormSelect
                id="training-category"
                label={t('trainingAdmin.editor.category')}
                value={field.value}
                onChange={field.onChange}
                error={errors.categoryId?.message}
                options={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              />
            )}
          />
          <Controller
            control={control}
            name="auth"
            render={({ field }) => (
              <FormSelect
                id="training-auth"
                label={t('trainingAdmin.editor.auth')}
                hint={t(`trainingAdmin.editor.authHint.${field.value}`)}
                value={field.value}
                onChange={(v) => field.onChange(v as TrainingAuthValue)}
                error={errors.auth?.message}
                options={TRAINING_AUTHS.map((a) => ({ value: a, label: t(`training.page.auth.${a}`) }))}
              />
            )}
          />
          {auth === TrainingAuth.PRIVATE ? (
            <InputField
              id="training-password"
              label={t('trainingAdmin.editor.password')}
              autoComplete="off"
              error={errors.privatePwd?.message}
              {...register('privatePwd')}
            />
          ) : (
            <span className="hidden sm:block" />
          )}
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <div className="flex min-h-11 items-center justify-between gap-3 rounded-md border px-3 py-2 sm:col-span-2">
                <div className="grid gap-0.5">
                  <Label htmlFor="training-status">{t('trainingAdmin.editor.visible')}</Label>
                  <p id="training-status-hint" className="text-xs text-muted-foreground">
                    {t('trainingAdmin.editor.visibleHint')}
                  </p>
                </div>
                <Switch
                  id="training-status"
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  aria-describedby="training-status-hint"
                  data-testid="training-status"
                />
              </div>
            )}
          />
          <div className="min-w-0 sm:col-span-2">
            <FormField
              id="training-description"
              label={t('trainingAdmin.editor.description')}
              error={errors.description?.message}
            >
              <MarkdownEditor
                id="training-description"
                rows={8}
                invalid={!!errors.description}
                field={register('description')}
                previewText={() => getValues('description') ?? ''}
                previewTestId="training-description-preview"
                uploads={uploads}
              />
            </FormField>
          </div>
        </div>
      </TitledCard>
      <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-end gap-3 border-t bg-background/95 px-1 py-3 backdrop-blur">
        {save.isError && (
          <p
            role="alert"
            className="mr-auto min-w-0 text-sm text-destructive"
            data-testid="training-save-error"
          >
            {apiErrorText(save.error, t)}
          </p>
        )}
        <Button variant="outline" asChild>
          <Link to={scope.listPath}>{t('common.cancel')}</Link>
        </Button>
        <SubmitButton pending={save.isPending} data-testid="training-save">
          {t(tid === null ? 'trainingAdmin.editor.createSubmit' : 'admin.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
