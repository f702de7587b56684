import type { Tag } from '@/shared/api/types';
import { Badge } from '@/web/components/ui/badge';

export function TagList({ tags }: { tags: Tag[] }) {
  if (!tags.length) return null;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li key={tag.id}>
          <Badge
            variant="outline"
            style={tag.color ? { borderColor: tag.color, color: tag.color } : undefined}
            className="font-normal"
          >
            {tag.name}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
