import { Check, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TrainingCategory } from '@/shared/api/training-types';
import { DEFAULT_CATEGORY_COLOR, TRAINING_LIMITS } from '@/shared/constants/trainings';
import { trainingCategoryBody } from '@/shared/schemas/trainings';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { TitledCard } from '@/web/components/titled-card';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { useAuth } from '@/web/lib/auth';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { mayOpen } from '../access';
import { useTrainingCategoryEdits, useTrainingCategoryList } from './api';
import { ScreenHeading } from './components/training-screen';

type Edits = ReturnType<typeof useTrainingCategoryEdits>;

/** A category's colour and name, checked with the server's schema before they are sent. */
function CategoryFields({
  initial,
  testId,
  edits,
  onSaved,
  children,
}: {
  initial: { id?: number; name: string; color: string };
  testId: string;
  edits: Edits;
  onSaved?(): void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial.name);
  const [color, setColor] = useState(initial.color);
  const [error, setError] = useState<string | null>(null);
  const isNew = initial.id === undefined;
  const changed = name.trim() !== initial.name || color !== initial.color;
  const save = (e: FormEvent) => {
    e.preventDefault();
    const parsed = trainingCategoryBody.safeParse({ id: initial.id, name, color });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    edits.save.mutate(
      { ...(isNew ? {} : { id: initial.id }), name: parsed.data.name, color: parsed.data.color },
      {
        onSuccess: () => {
          toast.success(t('trainingAdmin.categorySaved'));
          if (isNew) {
            setName('');
            setColor(DEFAULT_CATEGORY_COLOR);
          }
          onSaved?.();
        },
      },
    );
  };
  return (
    <form onSubmit={save} noValidate className="grid gap-1.5" data-testid={testId}>
      <div className="flex items-center gap-2">
        <input
          type="color"
          value={color}
          onChange={(e) => setColor(e.target.value)}
          aria-label={t('trainingAdmin.categories.color')}
          className="h-8 w-10 shrink-0 cursor-pointer rounded-md border bg-transparent p-0.5"
          data-testid={`${testId}-color`}
        />
        <Input
          value={name}
          maxLength={TRAINING_LIMITS.categoryNameMax}
          placeholder={isNew ? t('trainingAdmin.categories.new') : undefined}
          aria-label={isNew ? t('trainingAdmin.categories.new') : t('trainingAdmin.categories.name')}
          onChange={(e) => setName(e.target.value)}
          className="h-8 min-w-0 flex-1"
          data-testid={`${testId}-name`}
        />
        {isNew ? (
          <Button type="submit" size="sm" data-testid={`${testId}-save`}>
            <Plus />
            {t('trainingAdmin.categories.add')}
          </Button>
        ) : (
          <Button
            type="submit"
            variant="ghost"
            size="icon-sm"
            disabled={!changed || !name.trim()}
            aria-label={t('trainingAdmin.categories.save')}
            data-testid={`${testId}-save`}
          >
            <Check />
          </Button>
        )}
        {children}
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {t(error)}
        </p>
      )}
    </form>
  );
}

function CategoryRow({ category, edits }: { category: TrainingCategory; edits: Edits }) {
  const { t } = useTranslation();
  return (
    <li>
      <CategoryFields
        initial={{ id: category.id, name: category.name, color: category.color ?? DEFAULT_CATEGORY_COLOR }}
        testId={`training-category-${category.id}`}
        edits={edits}
      >
        <ConfirmDialog
          title={t('trainingAdmin.categories.deleteConfirm', { name: category.name })}
          confirmLabel={t('admin.delete')}
          destructive
          onConfirm={() =>
            edits.remove.mutate(category.id, {
              onSuccess: () => toast.success(t('trainingAdmin.categoryDeleted')),
            })
          }
          trigger={
            <Button
              type="button"
              variant="ghost"
              size="icon-sm"
              aria-label={t('admin.delete')}
              data-testid={`training-category-delete-${category.id}`}
            >
              <Trash2 />
            </Button>
          }
        />
      </CategoryFields>
    </li>
  );
}

/**
 * /admin/training/category: the training categories with their colours (HOJ: root and problem
 * admins): rename or recolour in place, add, delete one no training uses.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('trainingAdmin.categories.title'));
  const roles = useAuth((s) => s.userInfo?.roleList) ?? [];
  const categories = useTrainingCategoryList();
  const edits = useTrainingCategoryEdits();
  const allowed = mayOpen('tagAdmins', roles);
  return (
    <div className="grid min-w-0 gap-4">
      <ScreenHeading title={t('trainingAdmin.categories.title')} />
      <TitledCard title={t('trainingAdmin.categories.title')} testId="training-categories-admin">
        {!allowed ? (
          <p className="text-muted-foreground" data-testid="training-categories-forbidden">
            {t('trainingAdmin.categories.forbidden')}
          </p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">{t('trainingAdmin.categories.hint')}</p>
            <ul className="grid gap-2 lg:grid-cols-2">
              {(categories.data ?? []).map((c) => (
                <CategoryRow key={`${c.id}:${c.name}:${c.color}`} category={c} edits={edits} />
              ))}
            </ul>
            <CategoryFields
              initial={{ name: '', color: DEFAULT_CATEGORY_COLOR }}
              testId="training-category-new"
              edits={edits}
            />
          </>
        )}
      </TitledCard>
    </div>
  );
}
