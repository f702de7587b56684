import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GroupRankType } from '@/shared/constants/groups';
import { RANK_LIMITS, type RankTypeValue } from '@/shared/constants/ranks';
import { cn } from '@/shared/lib/utils';
import { Pagination } from '@/web/components/pagination';
import { RankSearchBox, RankTable } from '@/web/features/ranks';
import { readLimit, readPage, withParams } from '@/web/lib/search-params';
import { useGroupRank } from '../api';
import { GroupGate } from '../components/group-gate';
import { useGroupContext } from '../group-context';

/** ACM or OI, as two pressed buttons (HOJ's switch). */
function TypeSwitch({ type, onChange }: { type: number; onChange(type: number): void }) {
  const { t } = useTranslation();
  const options = [
    { value: GroupRankType.ACM, label: t('ranks.acm') },
    { value: GroupRankType.OI, label: t('ranks.oi') },
  ];
  return (
    <fieldset className="inline-flex rounded-lg border bg-muted/40 p-0.5">
      <legend className="sr-only">{t('ranks.switchLabel')}</legend>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={type === o.value}
          onClick={() => onChange(o.value)}
          data-testid={`group-rank-type-${o.value}`}
          className={cn(
            'rounded-md px-3 py-1 text-sm font-medium text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
            type === o.value && 'bg-background text-foreground shadow-sm',
          )}
        >
          {o.label}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * The Rank tab (HOJ's group rank): the members ranked by problems solved (ACM) or score (OI) in the
 * group's problems; search, type, page and size in the URL.
 */
function GroupRank() {
  const { gid } = useGroupContext();
  const [params, setParams] = useSearchParams();
  const type = params.get('type') === String(GroupRankType.OI) ? GroupRankType.OI : GroupRankType.ACM;
  const search = params.get('searchUser') ?? '';
  const page = readPage(params);
  const limit = readLimit(params, RANK_LIMITS.pageSize, RANK_LIMITS.pageSizes);
  const rank = useGroupRank(
    { gid, type, currentPage: page, limit, ...(search ? { searchUser: search } : {}) },
    true,
  );
  return (
    <div className="grid gap-4" data-testid="group-rank">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <RankSearchBox
          initial={search}
          onSearch={(text) => setParams(withParams(params, { searchUser: text, currentPage: null }))}
        />
        <TypeSwitch
          type={type}
          onChange={(next) => setParams(withParams(params, { type: next, currentPage: null }))}
        />
      </div>
      <div className="rounded-lg border bg-card">
        <RankTable type={type as RankTypeValue} data={rank.data} offset={(page - 1) * limit} />
      </div>
      <Pagination
        total={rank.data?.total ?? 0}
        page={page}
        limit={limit}
        pageSizes={RANK_LIMITS.pageSizes}
        onPageChange={(p) => setParams(withParams(params, { currentPage: p }))}
        onLimitChange={(size) => setParams(withParams(params, { limit: size, currentPage: null }))}
      />
    </div>
  );
}

export function Component() {
  return (
    <GroupGate>
      <GroupRank />
    </GroupGate>
  );
}
