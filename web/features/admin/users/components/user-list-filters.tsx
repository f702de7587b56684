import { useTranslation } from 'react-i18next';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { KeywordSearch } from '../../components/keyword-search';
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
  return (
    <div className="flex flex-wrap items-center gap-2">
      <KeywordSearch
        keyword={keyword}
        label={t('admin.user.searchLabel')}
        placeholder={t('admin.user.searchPlaceholder')}
        testId="admin-user-search"
        onSearch={(text) => onChange({ keyword: text })}
      />
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
