import type { Tag } from '@/shared/api/types';
import { readableOn, WORST_SURFACE } from '@/web/components/lib/color';
import { Badge } from '@/web/components/ui/badge';
import { useDarkTheme } from '@/web/lib/theme';

/** A problem's tags in their colours; the text is shifted just enough to read (4.5:1) in either theme. */
export function TagList({ tags }: { tags: Tag[] }) {
  const dark = useDarkTheme();
  if (!tags.length) return null;
  const surface = dark ? WORST_SURFACE.dark : WORST_SURFACE.light;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li key={tag.id}>
          <Badge
            variant="outline"
            style={tag.color ? { borderColor: tag.color, color: readableOn(tag.color, surface) } : undefined}
            className="font-normal"
          >
            {tag.name}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
