import { RotateCcw, Search, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TagGroup } from '@/shared/api/types';
import { DIFFICULTY_LEVELS } from '@/shared/constants/problems';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { hasListFilters, type ProblemListFilters } from '../lib/list-filters';
import { TagFilter } from './tag-filter';

function SearchBox({ initial, onSearch }: { initial: string; onSearch(keyword: string): void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(keyword.trim());
  };
  return (
    <form onSubmit={submit} className="flex w-full gap-2 sm:w-auto">
      <Input
        aria-label={t('problemPage.list.searchLabel')}
        placeholder={t('problemPage.list.searchPlaceholder')}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        className="sm:w-64"
        data-testid="problem-search"
      />
      <Button type="submit" variant="outline" size="icon" aria-label={t('problemPage.list.search')}>
        <Search />
      </Button>
    </form>
  );
}

const ALL = 'all';

interface ProblemFiltersProps {
  filters: ProblemListFilters;
  tagGroups: TagGroup[] | undefined;
  tagsLoading: boolean;
  onChange(changes: Partial<ProblemListFilters>): void;
}

/** Keyword, level and tag filters of the problem list, with the chosen tags as removable chips. */
export function ProblemFilters({ filters, tagGroups, tagsLoading, onChange }: ProblemFiltersProps) {
  const { t } = useTranslation();
  const tagName = new Map((tagGroups ?? []).flatMap((g) => g.tagList.map((tag) => [tag.id, tag.name])));
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <SearchBox
          key={filters.keyword}
          initial={filters.keyword}
          onSearch={(keyword) => onChange({ keyword })}
        />
        <Select
          lazy
          value={filters.difficulty === undefined ? ALL : String(filters.difficulty)}
          onValueChange={(v) => onChange({ difficulty: v === ALL ? undefined : Number(v) })}
        >
          <SelectTrigger aria-label={t('problemPage.list.difficulty')} data-testid="difficulty-filter">
            <SelectValue>
              {filters.difficulty === undefined
                ? t('problemPage.list.allLevels')
                : t(`problemPage.difficulty.${filters.difficulty}`)}
            </SelectValue>
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL} data-testid="difficulty-option-all">
              {t('problemPage.list.allLevels')}
            </SelectItem>
            {DIFFICULTY_LEVELS.map((level) => (
              <SelectItem key={level} value={String(level)} data-testid={`difficulty-option-${level}`}>
                {t(`problemPage.difficulty.${level}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <TagFilter
          groups={tagGroups}
          loading={tagsLoading}
          selected={filters.tagIds}
          onChange={(tagIds) => onChange({ tagIds })}
        />
        {hasListFilters(filters) && (
          <Button
            variant="ghost"
            onClick={() => onChange({ keyword: '', difficulty: undefined, tagIds: [] })}
            data-testid="reset-filters"
          >
            <RotateCcw />
            {t('problemPage.list.reset')}
          </Button>
        )}
      </div>
      {filters.tagIds.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('problemPage.list.chosenTags')}>
          {filters.tagIds.map((id) => (
            <li key={id}>
              <Button
                variant="secondary"
                size="sm"
                className="h-7"
                onClick={() => onChange({ tagIds: filters.tagIds.filter((x) => x !== id) })}
                aria-label={t('problemPage.list.removeTag', { name: tagName.get(id) ?? id })}
                data-testid={`chosen-tag-${id}`}
              >
                {tagName.get(id) ?? `#${id}`}
                <X />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
