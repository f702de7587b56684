import { useTranslation } from 'react-i18next';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { KeywordSearch } from '../../components/keyword-search';
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
  return (
    <div className="flex flex-wrap items-center gap-2">
      <KeywordSearch
        keyword={keyword}
        label={t('admin.problem.searchLabel')}
        placeholder={t('admin.problem.searchPlaceholder')}
        testId="admin-problem-search"
        onSearch={(text) => onChange({ keyword: text })}
      />
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
