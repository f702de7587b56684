import { useState } from 'react';
import { cn } from '@/shared/lib/utils';

const PALETTE = ['#2563eb', '#16a34a', '#db2777', '#ea580c', '#7c3aed', '#0891b2', '#ca8a04', '#dc2626'];

/** The first letter or character of a name, for the placeholder. */
function initial(name: string): string {
  return ([...name.trim()][0] ?? '?').toUpperCase();
}

function colourOf(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? PALETTE[0];
}

/**
 * A round avatar: the uploaded image, or the name's initial when there is none (or the image
 * fails to load). The initial sits on a colour of the name's own; `tinted` puts it in the theme's
 * primary colour on a faint disc instead, for long lists of senders where a colour each would be
 * loud.
 */
export function UserAvatar({
  src,
  name,
  alt,
  tinted = false,
  loading,
  className,
  ...rest
}: {
  src: string | null | undefined;
  name: string;
  /** accessible name; decorative (next to the name) when left out */
  alt?: string;
  tinted?: boolean;
  /** `lazy` where many avatars stand in a list that runs below the screen */
  loading?: 'lazy' | 'eager';
  className?: string;
  'data-testid'?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = !!src && failed !== src;
  return (
    <span
      className={cn(
        'inline-grid size-8 shrink-0 select-none place-items-center overflow-hidden rounded-full font-semibold',
        tinted ? 'bg-primary/10 text-primary' : 'text-white',
        tinted && showImage && 'border',
        className,
      )}
      style={showImage || tinted ? undefined : { backgroundColor: colourOf(name) }}
      data-avatar={showImage ? 'image' : 'initial'}
      {...rest}
    >
      {showImage ? (
        <img
          src={src}
          alt={alt ?? ''}
          className="size-full object-cover"
          loading={loading}
          onError={() => setFailed(src)}
        />
      ) : (
        <>
          <span aria-hidden className="text-[0.9em] leading-none">
            {initial(name)}
          </span>
          {alt && <span className="sr-only">{alt}</span>}
        </>
      )}
    </span>
  );
}
