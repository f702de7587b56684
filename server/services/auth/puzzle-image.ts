import { randomInt } from 'node:crypto';
import { PNG } from 'pngjs';
import { ACCOUNT } from '../../../shared/constants/accounts';

const W = ACCOUNT.puzzleWidth;
const H = ACCOUNT.puzzleHeight;
/** side of the piece's square body and radius of its knobs */
const SIDE = 42;
const KNOB = 8;
const PAD = 2;
/** the piece image: as tall as the background, just wide enough for the piece and its outline */
export const PIECE_WIDTH = SIDE + KNOB + 2 * PAD;
/** the cut-out is this dark (the piece keeps the original colours) */
export const HOLE_SHADE = 0.4;

export interface PuzzleImages {
  background: Buffer;
  piece: Buffer;
  /** where the piece image's left edge fits, in background pixels */
  x: number;
  pieceWidth: number;
}

type Rgb = [number, number, number];

function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

const rand = (min: number, max: number) => min + Math.random() * (max - min);

/** An abstract picture: a two-colour gradient under soft translucent discs. */
function drawBackground(): Uint8ClampedArray {
  const px = new Uint8ClampedArray(W * H * 3);
  const hue = rand(0, 360);
  const c1 = hsl(hue, 0.55, 0.62);
  const c2 = hsl((hue + rand(60, 140)) % 360, 0.5, 0.42);
  const angle = rand(0, Math.PI);
  const [dx, dy] = [Math.cos(angle), Math.sin(angle)];
  const span = Math.abs(dx) * W + Math.abs(dy) * H;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const t = Math.min(1, Math.max(0, ((x - W / 2) * dx + (y - H / 2) * dy) / span + 0.5));
      const i = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) px[i + c] = c1[c] + (c2[c] - c1[c]) * t;
    }
  }
  for (let n = 0; n < 16; n++) {
    const [cx, cy, r] = [rand(0, W), rand(0, H), rand(6, 34)];
    const color = hsl(rand(0, 360), rand(0.4, 0.75), rand(0.35, 0.8));
    const alpha = rand(0.25, 0.6);
    for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(H, Math.ceil(cy + r)); y++) {
      for (let x = Math.max(0, Math.floor(cx - r)); x < Math.min(W, Math.ceil(cx + r)); x++) {
        const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
        const a = alpha * Math.min(1, Math.max(0, r - d));
        if (a <= 0) continue;
        const i = (y * W + x) * 3;
        for (let c = 0; c < 3; c++) px[i + c] = px[i + c] * (1 - a) + color[c] * a;
      }
    }
  }
  return px;
}

/** The jigsaw piece: a square with knobs on the top and right and a notch on the left. */
function pieceMask(top: number): Uint8Array {
  const mask = new Uint8Array(PIECE_WIDTH * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < PIECE_WIDTH; x++) {
      const [fx, fy] = [x + 0.5, y + 0.5];
      const square = x >= PAD && x < PAD + SIDE && y >= top && y < top + SIDE;
      const notch = Math.hypot(fx - PAD, fy - (top + SIDE / 2)) < KNOB * 0.8;
      const knobTop = Math.hypot(fx - (PAD + SIDE / 2), fy - top) < KNOB;
      const knobRight = Math.hypot(fx - (PAD + SIDE), fy - (top + SIDE / 2)) < KNOB;
      mask[y * PIECE_WIDTH + x] = (square && !notch) || knobTop || knobRight ? 1 : 0;
    }
  }
  return mask;
}

/** 1 inside the piece next to the outside (the outline), 2 inside, 0 outside. */
function classify(mask: Uint8Array): Uint8Array {
  const out = new Uint8Array(mask.length);
  const at = (x: number, y: number) =>
    x < 0 || y < 0 || x >= PIECE_WIDTH || y >= H ? 0 : mask[y * PIECE_WIDTH + x];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < PIECE_WIDTH; x++) {
      if (!at(x, y)) continue;
      let edge = false;
      for (let dy = -1; dy <= 1 && !edge; dy++)
        for (let dx = -1; dx <= 1; dx++) if (!at(x + dx, y + dy)) edge = true;
      out[y * PIECE_WIDTH + x] = edge ? 1 : 2;
    }
  }
  return out;
}

function png(width: number, height: number, rgba: Uint8Array): Buffer {
  const image = new PNG({ width, height });
  image.data = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  return PNG.sync.write(image);
}

/**
 * A slide puzzle (ACCOUNT.puzzleWidth x puzzleHeight, 325 x 100): the background with a darkened
 * cut-out at a random x, and the piece, as tall as the background and transparent around the shape,
 * which fits when its left edge is at x.
 */
export function drawPuzzle(): PuzzleImages {
  const bg = drawBackground();
  const top = randomInt(KNOB + PAD + 2, H - SIDE - PAD - 1);
  const x = randomInt(PIECE_WIDTH + 10, W - PIECE_WIDTH - 4);
  const kind = classify(pieceMask(top));

  const background = new Uint8Array(W * H * 4);
  for (let i = 0; i < W * H; i++) {
    background.set([bg[i * 3], bg[i * 3 + 1], bg[i * 3 + 2], 255], i * 4);
  }
  const piece = new Uint8Array(PIECE_WIDTH * H * 4);
  for (let y = 0; y < H; y++) {
    for (let px = 0; px < PIECE_WIDTH; px++) {
      const k = kind[y * PIECE_WIDTH + px];
      const at = y * W + x + px;
      const b = at * 4;
      const p = (y * PIECE_WIDTH + px) * 4;
      const rgb = [bg[at * 3], bg[at * 3 + 1], bg[at * 3 + 2]];
      if (k === 2) {
        for (let c = 0; c < 3; c++) background[b + c] = Math.round(rgb[c] * HOLE_SHADE);
        piece.set([rgb[0], rgb[1], rgb[2], 255], p);
      } else if (k === 1) {
        for (let c = 0; c < 3; c++) background[b + c] = Math.round(rgb[c] * 0.3 + 255 * 0.7);
        piece.set([...rgb.map((v) => Math.round(v * 0.2 + 255 * 0.8)), 255], p);
      } else {
        // a faint shadow around the piece so it stands out wherever it is dragged
        const near = [-1, 0, 1].some((dy) =>
          [-1, 0, 1].some((dx) => {
            const [nx, ny] = [px + dx, y + dy];
            return nx >= 0 && ny >= 0 && nx < PIECE_WIDTH && ny < H && kind[ny * PIECE_WIDTH + nx] > 0;
          }),
        );
        if (near) piece.set([0, 0, 0, 110], p);
      }
    }
  }
  return { background: png(W, H, background), piece: png(PIECE_WIDTH, H, piece), x, pieceWidth: PIECE_WIDTH };
}
