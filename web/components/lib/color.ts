function luminance(hex: string): number {
  const v = hex.replace('#', '');
  const full = v.length === 3 ? [...v].map((c) => c + c).join('') : v;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Black or white, whichever reads better on the given background colour. */
export function readableTextColor(background: string): '#000000' | '#ffffff' {
  const l = luminance(background);
  const onWhite = 1.05 / (l + 0.05);
  const onBlack = (l + 0.05) / 0.05;
  return onBlack > onWhite ? '#000000' : '#ffffff';
}

function parseHex(hex: string): [number, number, number] | null {
  const v = hex.trim().replace('#', '');
  if (!/^([0-9a-f]{3}|[0-9a-f]{6})$/i.test(v)) return null;
  const full = v.length === 3 ? [...v].map((c) => c + c).join('') : v;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The colour itself when text in it reads on `background` at `minRatio` (WCAG AA: 4.5), else the
 * colour moved towards black (light backgrounds) or white (dark ones) just far enough: a tag
 * keeps its hue in both themes. A colour that is not #rgb/#rrggbb is answered as given.
 */
export function readableOn(color: string, background: string, minRatio = 4.5): string {
  const rgb = parseHex(color);
  if (!rgb) return color;
  const target = luminance(background) > 0.18 ? 0 : 255;
  for (let step = 0; step <= 20; step++) {
    const mixed = toHex(rgb.map((c) => c + ((target - c) * step) / 20));
    if (contrastRatio(mixed, background) >= minRatio) return mixed;
  }
  return target === 0 ? '#000000' : '#ffffff';
}

/**
 * The surface a badge's text can sit on that is closest to text colours, per theme (styles.css:
 * --accent, a hovered table row): text readable there is readable on every other surface.
 */
export const WORST_SURFACE = { light: '#f5f5f5', dark: '#262626' } as const;
