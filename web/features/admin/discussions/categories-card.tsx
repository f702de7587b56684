import { useQuery } from '@tanstack/react-query';
import { Check, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { DiscussionCategory } from '@/shared/api/discussion-types';
import { DISCUSSION_LIMITS } from '@/shared/constants/discussions';
import { categoryBody } from '@/shared/schemas/discussions';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { TitledCard } from '@/web/components/titled-card';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { api } from '@/web/lib/api';
import type { DiscussionAdmin } from './api';

/** One category: its name to rename in place, and delete (the server refuses one still in use). */
function CategoryRow({ category, admin }: { category: DiscussionCategory; admin: DiscussionAdmin }) {
  const { t } = useTranslation();
  const [name, setName] = useState(category.name);
  const changed = name.trim() !== category.name;
  const save = (e: FormEvent) => {
    e.preventDefault();
    admin.saveCategory.mutate(
      { id: category.id, name: name.trim() },
      { onSuccess: () => toast.success(t('discussionAdmin.categorySaved')) },
    );
  };
  return (
    <li>
      <form onSubmit={save} className="flex items-center gap-2" data-testid={`admin-category-${category.id}`}>
        <Input
          value={name}
          maxLength={DISCUSSION_LIMITS.categoryNameMax}
          aria-label={t('discussionAdmin.categoryName')}
          onChange={(e) => setName(e.target.value)}
          className="h-8 min-w-0 flex-1"
        />
        <Button
          type="submit"
          variant="ghost"
          size="icon-sm"
          disabled={!changed || !name.trim()}
          aria-label={t('discussionAdmin.saveCategory')}
        >
          <Check />
        </Button>
        <ConfirmDialog
          title={t('discussionAdmin.deleteCategoryTitle')}
          description={category.name}
          confirmLabel={t('admin.delete')}
          destructive
          onConfirm={() =>
            admin.deleteCategory.mutate(category.id, {
              onSuccess: () => toast.success(t('discussionAdmin.categoryDeleted')),
            })
          }
          trigger={
            <Button
              type="button"
              variant="ghost"
              size="icon-sm"
              aria-label={t('admin.delete')}
              data-testid={`admin-category-delete-${category.id}`}
            >
              <Trash2 />
            </Button>
          }
        />
      </form>
    </li>
  );
}

/** The discussion categories: rename, delete an empty one, add one. */
export function CategoriesCard({ admin }: { admin: DiscussionAdmin }) {
  const { t } = useTranslation();
  // the site's categories query (its key is the discussion screens'), so both follow an edit
  const categories = useQuery({
    queryKey: ['discussions', 'categories'],
    queryFn: () => api.getDiscussionCategories(),
  });
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = (e: FormEvent) => {
    e.preventDefault();
    const parsed = categoryBody.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    admin.saveCategory.mutate(
      { name: parsed.data.name },
      {
        onSuccess: () => {
          toast.success(t('discussionAdmin.categorySaved'));
          setName('');
        },
      },
    );
  };
  return (
    <TitledCard title={t('discussionAdmin.categories')} testId="admin-discussion-categories">
      <ul className="grid gap-2 sm:grid-cols-2">
        {(categories.data ?? []).map((c) => (
          <CategoryRow key={`${c.id}:${c.name}`} category={c} admin={admin} />
        ))}
      </ul>
      <form onSubmit={add} noValidate className="grid gap-1.5">
        <div className="flex items-center gap-2">
          <Input
            value={name}
            maxLength={DISCUSSION_LIMITS.categoryNameMax}
            placeholder={t('discussionAdmin.newCategory')}
            aria-label={t('discussionAdmin.newCategory')}
            onChange={(e) => setName(e.target.value)}
            className="h-8 max-w-72"
            data-testid="admin-category-new"
          />
          <Button type="submit" size="sm" data-testid="admin-category-add">
            <Plus />
            {t('discussionAdmin.addCategory')}
          </Button>
        </div>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {t(error)}
          </p>
        )}
      </form>
    </TitledCard>
  );
}
