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
 * A round avatar: the uploaded image, or the name's initial on a colour of its own when there is
 * none (or the image fails to load).
 */
export function UserAvatar({
  src,
  name,
  alt,
  className,
  ...rest
}: {
  src: string | null | undefined;
  name: string;
  /** accessible name; decorative (next to the name) when left out */
  alt?: string;
  className?: string;
  'data-testid'?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = !!src && failed !== src;
  return (
    <span
      className={cn(
        'inline-grid size-8 shrink-0 select-none place-items-center overflow-hidden rounded-full font-semibold text-white',
        className,
      )}
      style={showImage ? undefined : { backgroundColor: colourOf(name) }}
      data-avatar={showImage ? 'image' : 'initial'}
      {...rest}
    >
      {showImage ? (
        <img src={src} alt={alt ?? ''} className="size-full object-cover" onError={() => setFailed(src)} />
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
