import { Plus, Search, User, Users } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/shared/lib/utils';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { AUTH_KEYS, AUTH_LABEL } from '../lib';

export interface GroupFilterValues {
  keyword: string;
  auth: number | undefined;
  onlyMine: boolean;
}

function Chip({
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
      className={cn(
        'shrink-0 rounded-full border px-2.5 py-0.5 text-xs font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        pressed
          ? 'border-primary bg-primary text-primary-foreground'
          : 'text-muted-foreground hover:text-foreground',
      )}
    >
      {children}
    </button>
  );
}

/**
 * HOJ's group list bar: search by keyword, "my groups" for logged-in users, Create group, and the
 * access type as chips (all in the URL).
 */
export function GroupFilters({
  values,
  loggedIn,
  onChange,
  onCreate,
}: {
  values: GroupFilterValues;
  loggedIn: boolean;
  onChange(changes: Partial<GroupFilterValues>): void;
  onCreate(): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(values.keyword);
  useEffect(() => setText(values.keyword), [values.keyword]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ keyword: text.trim() });
  };
  return (
    <section className="grid gap-3 rounded-lg border bg-card p-3 sm:p-4" data-testid="group-filters">
      <div className="flex flex-wrap items-center gap-2">
        <form onSubmit={submit} className="flex min-w-0 flex-1 gap-2 sm:max-w-md">
          <Input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-label={t('web.group.search')}
            placeholder={t('web.group.searchPlaceholder')}
            data-testid="group-search"
          />
          <Button type="submit" variant="outline" size="icon" aria-label={t('web.group.search')}>
            <Search />
          </Button>
        </form>
        {loggedIn && (
          <div className="flex gap-2">
            <Button
              variant="outline"
              aria-pressed={values.onlyMine}
              onClick={() => onChange({ onlyMine: !values.onlyMine })}
              data-testid="group-mine"
            >
              {values.onlyMine ? <Users /> : <User />}
              {values.onlyMine ? t('web.group.allGroups') : t('web.group.myGroups')}
            </Button>
            <Button onClick={onCreate} data-testid="group-create">
              <Plus />
              {t('web.group.create')}
            </Button>
          </div>
        )}
      </div>
      <fieldset className="min-w-0">
        <legend className="mb-1.5 text-sm font-semibold">{t('web.group.form.auth')}</legend>
        <div className="-mx-1 flex gap-1.5 overflow-x-auto px-1 py-0.5">
          <Chip pressed={!values.auth} onClick={() => onChange({ auth: undefined })} testId="group-auth-all">
            {t('web.group.all')}
          </Chip>
          {AUTH_KEYS.map((auth) => (
            <Chip
              key={auth}
              pressed={values.auth === auth}
              onClick={() => onChange({ auth })}
              testId={`group-auth-${auth}`}
            >
              {t(AUTH_LABEL[auth] ?? '')}
            </Chip>
          ))}
        </div>
      </fieldset>
    </section>
  );
}
