import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/shared/lib/utils';
import { Button } from '@/web/components/ui/button';
import { useCarousel } from '../api';

/** HOJ turns the home carousel every 5 s. */
const INTERVAL_MS = 5000;

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The images root put on the home page (/api/home-carousel), one at a time: they turn every 5 s
 * unless the pointer or the keyboard focus is on them or the visitor asked for less motion;
 * previous, next and one dot per image. Without images nothing is shown.
 */
export function HomeCarousel() {
  const { t } = useTranslation();
  const images = useCarousel().data ?? [];
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = images.length;
  const current = count ? index % count : 0;

  useEffect(() => {
    if (count < 2 || paused || reducedMotion()) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count, paused]);

  if (count === 0) return null;
  const go = (i: number) => setIndex((i + count) % count);
  return (
    <section
      aria-roledescription={t('home.carousel')}
      aria-label={t('home.carousel')}
      className="relative overflow-hidden rounded-xl border bg-muted"
      data-testid="home-carousel"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="aspect-[16/7] w-full sm:aspect-[16/6]">
        {images.map((img, i) => (
          <img
            key={img.id}
            src={img.url}
            alt={t('home.slide', { n: i + 1, count })}
            className={cn(
              'absolute inset-0 size-full object-cover transition-opacity duration-500 motion-reduce:transition-none',
              i === current ? 'opacity-100' : 'pointer-events-none opacity-0',
            )}
            aria-hidden={i !== current}
            loading={i === 0 ? 'eager' : 'lazy'}
            data-testid={i === current ? 'carousel-current' : undefined}
          />
        ))}
      </div>
      {count > 1 && (
        <>
          <Button
            variant="secondary"
            size="icon-sm"
            className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full opacity-80 hover:opacity-100"
            aria-label={t('home.previousSlide')}
            onClick={() => go(current - 1)}
            data-testid="carousel-prev"
          >
            <ChevronLeft />
          </Button>
          <Button
            variant="secondary"
            size="icon-sm"
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full opacity-80 hover:opacity-100"
            aria-label={t('home.nextSlide')}
            onClick={() => go(current + 1)}
            data-testid="carousel-next"
          >
            <ChevronRight />
          </Button>
          <div className="absolute inset-x-0 bottom-2 flex justify-center gap-1.5">
            {images.map((img, i) => (
              <button
                key={img.id}
                type="button"
                aria-label={t('home.slide', { n: i + 1, count })}
                aria-current={i === current}
                onClick={() => go(i)}
                className={cn(
                  'h-2 rounded-full bg-white/70 shadow outline-none transition-all focus-visible:ring-[3px] focus-visible:ring-ring/60',
                  i === current ? 'w-5 bg-white' : 'w-2',
                )}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
