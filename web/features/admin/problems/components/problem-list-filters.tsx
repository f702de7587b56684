import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { AUTH_OPTIONS } from '../lib/options';

const ANY = '0';

/** The console's problem search (title, author or display id) and its visibility filter. */
export function ProblemListFilters({
  keyword,
  auth,
  onChange,
}: {
  keyword: string;
  auth: number;
  onChange(changes: { keyword?: string; auth?: number }): void;
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
          aria-label={t('admin.problem.searchLabel')}
          placeholder={t('admin.problem.searchPlaceholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="sm:w-72"
          data-testid="admin-problem-search"
        />
        <Button type="submit" variant="outline" size="icon" aria-label={t('admin.problem.search')}>
          <Search />
        </Button>
      </form>
      <Select value={String(auth)} onValueChange={(v) => onChange({ auth: Number(v) })}>
        <SelectTrigger
          aria-label={t('admin.problem.visibility')}
          className="w-full sm:w-40"
          data-testid="admin-problem-auth-filter"
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY} data-testid="admin-problem-auth-filter-0">
            {t('admin.problem.anyVisibility')}
          </SelectItem>
          {AUTH_OPTIONS.map((o) => (
            <SelectItem
              key={o.value}
              value={String(o.value)}
              data-testid={`admin-problem-auth-filter-${o.value}`}
            >
              {t(o.key)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
