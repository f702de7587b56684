import { Search } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrainingCategory } from '@/shared/api/training-types';
import { TRAINING_AUTHS, type TrainingAuthValue } from '@/shared/constants/trainings';
import { cn } from '@/shared/lib/utils';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Skeleton } from '@/web/components/ui/skeleton';
import { AUTH_LABEL } from '../lib';
import { CategoryChip } from './training-badges';

export interface TrainingFilterValues {
  keyword: string;
  auth: TrainingAuthValue | undefined;
  categoryId: number | undefined;
}

/** A row of choices: "all" then each option, one pressed; it scrolls sideways on a phone. */
function ChoiceRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-sm font-semibold">{label}</legend>
      <div className="-mx-1 flex gap-1.5 overflow-x-auto px-1 py-0.5">{children}</div>
    </fieldset>
  );
}

function Choice({
  pressed,
  onClick,
  testId,
  children,
}: {
  pressed: boolean;
  onClick(): void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      data-testid={testId}
      className="shrink-0 rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {children}
    </button>
  );
}

const plainChip = (pressed: boolean) =>
  cn(
    'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium',
    pressed
      ? 'border-primary bg-primary text-primary-foreground'
      : 'text-muted-foreground hover:text-foreground',
  );

/** HOJ's training filters: a keyword, the access type and the category (all in the URL). */
export function TrainingFilters({
  values,
  categories,
  onChange,
}: {
  values: TrainingFilterValues;
  categories: readonly TrainingCategory[] | undefined;
  onChange(changes: Partial<TrainingFilterValues>): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(values.keyword);
  useEffect(() => setText(values.keyword), [values.keyword]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ keyword: text.trim() });
  };
  return (
    <section className="grid gap-3 rounded-lg border bg-card p-3 sm:p-4" data-testid="training-filters">
      <form onSubmit={submit} className="flex w-full gap-2 sm:max-w-md">
        <Input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-label={t('training.page.search')}
          placeholder={t('training.page.searchPlaceholder')}
          data-testid="training-search"
        />
        <Button type="submit" variant="outline" size="icon" aria-label={t('training.page.search')}>
          <Search />
        </Button>
      </form>
      <ChoiceRow label={t('training.page.authFilter')}>
        <Choice
          pressed={!values.auth}
          onClick={() => onChange({ auth: undefined })}
          testId="training-auth-all"
        >
          <span className={plainChip(!values.auth)}>{t('training.page.all')}</span>
        </Choice>
        {TRAINING_AUTHS.map((auth) => (
          <Choice
            key={auth}
            pressed={values.auth === auth}
            onClick={() => onChange({ auth })}
            testId={`training-auth-${auth}`}
          >
            <span className={plainChip(values.auth === auth)}>{t(AUTH_LABEL[auth])}</span>
          </Choice>
        ))}
      </ChoiceRow>
      <ChoiceRow label={t('training.page.categoryFilter')}>
        <Choice
          pressed={values.categoryId === undefined}
          onClick={() => onChange({ categoryId: undefined })}
          testId="training-category-all"
        >
          <span className={plainChip(values.categoryId === undefined)}>{t('training.page.all')}</span>
        </Choice>
        {categories === undefined ? (
          <Skeleton className="h-6 w-40" />
        ) : (
          categories.map((c) => (
            <Choice
              key={c.id}
              pressed={values.categoryId === c.id}
              onClick={() => onChange({ categoryId: c.id })}
              testId={`training-category-${c.id}`}
            >
              <CategoryChip name={c.name} color={c.color} filled={values.categoryId === c.id} />
            </Choice>
          ))
        )}
      </ChoiceRow>
    </section>
  );
}
