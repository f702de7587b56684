import { Tags } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Tag, TagGroup } from '@/shared/api/types';
import { TAG_CLASSIFICATION_TYPES } from '@/shared/constants/problems';
import { cn } from '@/shared/lib/utils';
import { Button } from '@/web/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/web/components/ui/popover';
import { Skeleton } from '@/web/components/ui/skeleton';

interface Section {
  /** classification kind (1 algorithm, 2 source, 3 time), or 0 for tags in no classification */
  type: number;
  groups: TagGroup[];
}

/** Groups of the same kind together, in the order algorithm, source, time, then the rest. */
export function sectionsOf(groups: readonly TagGroup[]): Section[] {
  const sections: Section[] = [];
  for (const type of [...TAG_CLASSIFICATION_TYPES, 0]) {
    const of = groups.filter(
      (g) =>
        g.tagList.length > 0 &&
        (type === 0
          ? !g.classification ||
            !(TAG_CLASSIFICATION_TYPES as readonly number[]).includes(g.classification.type)
          : g.classification?.type === type),
    );
    if (of.length > 0) sections.push({ type, groups: of });
  }
  return sections;
}

function TagToggle({ tag, selected, onToggle }: { tag: Tag; selected: boolean; onToggle(): void }) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onToggle}
      data-testid={`tag-option-${tag.id}`}
      className={cn(
        'rounded-md border px-2 py-0.5 text-xs transition-colors focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        selected ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-accent',
      )}
    >
      {tag.name}
    </button>
  );
}

interface TagFilterProps {
  groups: TagGroup[] | undefined;
  loading: boolean;
  selected: number[];
  onChange(tagIds: number[]): void;
}

/** The list's tag filter: tags by classification kind (algorithm, source, time), several at once. */
export function TagFilter({ groups, loading, selected, onChange }: TagFilterProps) {
  const { t } = useTranslation();
  const toggle = (id: number) =>
    onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  const sections = sectionsOf(groups ?? []);
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" data-testid="tag-filter">
          <Tags />
          {selected.length > 0
            ? t('problemPage.list.tagsSelected', { count: selected.length })
            : t('problemPage.list.tags')}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="max-h-[60vh] w-[min(26rem,calc(100vw-2rem))] overflow-y-auto">
        {loading && <Skeleton className="h-16 w-full" />}
        {!loading && sections.length === 0 && (
          <p className="text-sm text-muted-foreground">{t('problemPage.list.noTags')}</p>
        )}
        <div className="grid gap-4">
          {sections.map((section) => (
            <section key={section.type} className="grid gap-2" data-testid={`tag-section-${section.type}`}>
              <h3 className="text-sm font-semibold">{t(`problemPage.list.tagType.${section.type}`)}</h3>
              {section.groups.map((group) => (
                <div key={group.classification?.id ?? 'none'} className="grid gap-1.5">
                  {group.classification && (
                    <h4 className="text-xs text-muted-foreground">{group.classification.name}</h4>
                  )}
                  <div className="flex flex-wrap gap-1.5">
                    {group.tagList.map((tag) => (
                      <TagToggle
                        key={tag.id}
                        tag={tag}
                        selected={selected.includes(tag.id)}
                        onToggle={() => toggle(tag.id)}
                      />
                    ))}
                  </div>
                </div>
              ))}
            </section>
          ))}
        </div>
      </PopoverContent>
    </Popover>
  );
}
