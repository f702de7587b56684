import { ChevronsRight, Loader2, RefreshCw } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginPuzzle } from '@/shared/api/account-types';
import { ACCOUNT } from '@/shared/constants/accounts';
import { cn } from '@/shared/lib/utils';
import { Button } from '@/web/components/ui/button';

const W = ACCOUNT.puzzleWidth;
const H = ACCOUNT.puzzleHeight;

/**
 * Slide-to-verify (asked for after 5 failed logins). The piece moves with the handle below the
 * picture; drag it with a mouse or a finger, or focus the handle and use the arrow keys (Shift: 10
 * px, Home, End). `x` is the piece's left edge in picture pixels, whatever size it is shown at;
 * the server checks it.
 */
export function SlidePuzzle({
  puzzle,
  loading,
  x,
  onChange,
  onRelease,
  onRefresh,
}: {
  puzzle: LoginPuzzle | undefined;
  loading: boolean;
  x: number | null;
  onChange(x: number): void;
  /** the piece was let go (pointer up, or Enter on the handle) */
  onRelease(x: number): void;
  onRefresh(): void;
}) {
  const { t } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startClientX: number; startX: number; x: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const pieceWidth = puzzle?.pieceWidth ?? 54;
  const max = W - pieceWidth;
  const value = x ?? 0;
  const clamp = (v: number) => Math.round(Math.min(max, Math.max(0, v)) * 10) / 10;
  const percent = (v: number) => `${(v / W) * 100}%`;

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!puzzle) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startClientX: e.clientX, startX: value, x: value };
    setDragging(true);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current || !track.current) return;
    const scale = W / track.current.getBoundingClientRect().width;
    drag.current.x = clamp(drag.current.startX + (e.clientX - drag.current.startClientX) * scale);
    onChange(drag.current.x);
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const released = drag.current.x;
    drag.current = null;
    setDragging(false);
    e.currentTarget.releasePointerCapture(e.pointerId);
    onRelease(released);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 10 : 1;
    const next: Record<string, number> = {
      ArrowRight: value + step,
      ArrowUp: value + step,
      ArrowLeft: value - step,
      ArrowDown: value - step,
      Home: 0,
      End: max,
    };
    if (e.key in next) {
      e.preventDefault();
      onChange(clamp(next[e.key]));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      onRelease(value);
    }
  };

  return (
    <div className="mx-auto grid w-full max-w-[325px] gap-2" data-testid="slide-puzzle">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium">{t('auth.puzzleTitle')}</p>
        <Button
          type="button"
          variant="ghost"
          size="icon-sm"
          onClick={onRefresh}
          aria-label={t('auth.puzzleRefresh')}
          title={t('auth.puzzleRefresh')}
          data-testid="puzzle-refresh"
        >
          <RefreshCw className={cn(loading && 'animate-spin')} />
        </Button>
      </div>
      <div
        className="relative w-full overflow-hidden rounded-md bg-muted select-none"
        style={{ aspectRatio: `${W} / ${H}` }}
      >
        {puzzle ? (
          <>
            <img
              src={puzzle.background}
              alt=""
              draggable={false}
              className="absolute inset-0 size-full"
              data-testid="puzzle-bg"
            />
            <img
              src={puzzle.piece}
              alt=""
              draggable={false}
              className="absolute top-0 h-full"
              style={{ left: percent(value), width: percent(pieceWidth) }}
              data-testid="puzzle-piece"
            />
          </>
        ) : (
          <div className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            {t('auth.puzzleLoading')}
          </div>
        )}
      </div>
      <div
        ref={track}
        className="relative h-10 w-full touch-none rounded-md border bg-muted/60 select-none"
        data-testid="puzzle-track"
      >
        <div
          className="absolute inset-y-0 left-0 rounded-l-md bg-primary/15"
          style={{ width: `calc(${percent(value)} + ${percent(pieceWidth / 2)})` }}
        />
        {value === 0 && (
          <span
            className="pointer-events-none absolute inset-y-0 right-0 flex items-center justify-center truncate px-2 text-xs text-muted-foreground"
            style={{ left: percent(pieceWidth) }}
          >
            {t('auth.puzzleHint')}
          </span>
        )}
        <div
          role="slider"
          tabIndex={puzzle ? 0 : -1}
          aria-label={t('auth.puzzleSlider')}
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={value}
          aria-disabled={!puzzle}
          className={cn(
            'absolute inset-y-0 flex cursor-grab items-center justify-center rounded-md border bg-background shadow-sm outline-none',
            'focus-visible:ring-[3px] focus-visible:ring-ring/50',
            dragging && 'cursor-grabbing',
            x !== null && !dragging && 'border-primary text-primary',
          )}
          style={{ left: percent(value), width: percent(pieceWidth) }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
          data-testid="puzzle-handle"
        >
          <ChevronsRight className="size-4" aria-hidden />
        </div>
      </div>
    </div>
  );
}
