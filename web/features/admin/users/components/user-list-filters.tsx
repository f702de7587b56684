import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { ALL_FILTER, STAFF_FILTER } from '../lib/list-params';
import { ROLE_ORDER, roleLabelKey } from '../lib/roles';

/** The user search (username, real name or e-mail) and whom to list: everyone, staff, or one role. */
export function UserListFilters({
  keyword,
  who,
  onChange,
}: {
  keyword: string;
  who: string;
  onChange(changes: { keyword?: string; who?: string }): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(keyword);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ keyword: text.trim() });
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <form onSubmit={submit} className="flex w-full gap-2 sm:w-auto">
        <Input
          type="search"
          aria-label={t('admin.user.searchLabel')}
          placeholder={t('admin.user.searchPlaceholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="sm:w-72"
          data-testid="admin-user-search"
        />
        <Button type="submit" variant="outline" size="icon" aria-label={t('admin.user.search')}>
          <Search />
        </Button>
      </form>
      <Select value={who} onValueChange={(v) => onChange({ who: v })}>
        <SelectTrigger
          aria-label={t('admin.user.whoLabel')}
          className="w-full sm:w-52"
          data-testid="admin-user-who"
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL_FILTER} data-testid={`admin-user-who-${ALL_FILTER}`}>
            {t('admin.user.whoAll')}
          </SelectItem>
          <SelectItem value={STAFF_FILTER} data-testid={`admin-user-who-${STAFF_FILTER}`}>
            {t('admin.user.whoStaff')}
          </SelectItem>
          {ROLE_ORDER.map((id) => (
            <SelectItem key={id} value={String(id)} data-testid={`admin-user-who-${id}`}>
              {t(roleLabelKey(id))}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
