/**
 * Product covers: a hue-tinted gradient card with a bold glyph for the product's motif, inline SVG
 * whose colours are OKLCH light-dark() pairs (ProductVisual.module.css), so no images ship.
 */
import { useId, type CSSProperties } from 'react';
import { clsx } from 'clsx';
import styles from './ProductVisual.module.css';

/** The symbol a product's cover shows; each has one glyph in GLYPHS. */
export type ProductMotif =
  | 'chat'
  | 'wave'
  | 'card'
  | 'home'
  | 'chart'
  | 'heart'
  | 'shield'
  | 'lens'
  | 'play'
  | 'gift'
  | 'grid'
  | 'spark'
  | 'cube'
  | 'ball'
  | 'pulse'
  | 'camera'
  | 'leaf';

/** A circle as path data. */
const circ = (x: number, y: number, r: number) => `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
/** A rounded rectangle as path data. */
const rr = (x: number, y: number, w: number, h: number, r: number) =>
  `M${x + r} ${y}h${w - 2 * r}a${r} ${r} 0 0 1 ${r} ${r}v${h - 2 * r}a${r} ${r} 0 0 1 ${-r} ${r}h${2 * r - w}a${r} ${r} 0 0 1 ${-r} ${-r}v${2 * r - h}a${r} ${r} 0 0 1 ${r} ${-r}z`;

/** Glyphs on a 48-unit grid: [tinted shape, ink lines, solid ink shape]. */
const GLYPHS: Record<ProductMotif, [string, string?, string?]> = {
  chat: [
    'M10 10h28a4 4 0 0 1 4 4v18a4 4 0 0 1-4 4H22l-9 7v-7h-3a4 4 0 0 1-4-4V14a4 4 0 0 1 4-4z',
    '',
    circ(16, 23, 2.5) + circ(24, 23, 2.5) + circ(32, 23, 2.5),
  ],
  wave: [circ(24, 24, 18), 'M6 24c3-10 6-10 9 0s6 10 9 0 6-10 9 0 6 10 9 0'],
  card: [rr(6, 12, 36, 24, 4), 'M6 20h36M12 30h8'],
  home: ['M11 19v19h26V19L24 9z', 'M6 22 24 8l18 14M20 38V28h8v10'],
  chart: ['M13 28h6v12h-6zM23 20h6v20h-6zM33 12h6v28h-6z', 'M6 6v34h36'],
  heart: ['M24 40S7 30 7 18a8.5 8.5 0 0 1 17-3 8.5 8.5 0 0 1 17 3c0 12-17 22-17 22z'],
  shield: ['M24 6l15 5v11c0 10-6 17-15 21-9-4-15-11-15-21V11z', 'M17 24l5 5 9-10'],
  lens: [circ(21, 21, 12), 'M30 30l11 11'],
  play: [circ(24, 24, 18), '', 'M20 16v16l13-8z'],
  gift: [rr(9, 22, 30, 18, 2) + rr(6, 15, 36, 7, 2), 'M24 15v25M24 15c-3-6-11-7-11-2 0 3 6 2 11 2s11 1 11-2c0-5-8-4-11 2'],
  grid: [rr(8, 8, 14, 14, 3) + rr(26, 26, 14, 14, 3) + rr(8, 26, 14, 14, 3), '', rr(26, 8, 14, 14, 3)],
  spark: ['M22 8c1.6 10 8 16.4 18 18-10 1.6-16.4 8-18 18-1.6-10-8-16.4-18-18 10-1.6 16.4-8 18-18z', 'M39 5v8M35 9h8'],
  cube: ['M24 6l16 9v18l-16 9-16-9V15z', 'M8 15l16 9 16-9M24 24v18'],
  ball: [circ(24, 24, 17), 'M24 7v34M7 24h34M12 12c5 6 5 18 0 24M36 12c-5 6-5 18 0 24'],
  pulse: [rr(4, 8, 40, 32, 6), 'M4 26h9l4-9 6 16 5-13 3 6h13'],
  camera: ['M8 15h7l3-5h12l3 5h7a2 2 0 0 1 2 2v19a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V17a2 2 0 0 1 2-2z', circ(24, 26, 7)],
  leaf: ['M10 38C10 20 20 10 38 10c0 18-10 28-28 28z', 'M10 38l16-16'],
};

/** Every motif, in a stable order (for pickers and the visual check). */
export const PRODUCT_MOTIFS = Object.keys(GLYPHS) as readonly ProductMotif[];

/** The glyph of `motif`, 48 units scaled by `s`, its top-left corner at (x, y). */
function Glyph({ motif, x, y, s }: { motif: ProductMotif; x: number; y: number; s: number }) {
  const [tint, line, solid] = GLYPHS[motif];
  return (
    <g transform={`translate(${x} ${y}) scale(${s})`} stroke="var(--pv-ink)" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
      <path d={tint} fill="var(--pv-tint)" />
      {line && <path d={line} fill="none" />}
      {solid && <path d={solid} fill="var(--pv-ink)" />}
    </g>
  );
}

/**
 * A product cover: a rounded rectangle in a diagonal OKLCH gradient of `hue`, faint rings and a
 * white tile with the `motif` glyph (`card`, 16:9); `hero` (3:2) puts the glyph on a phone screen
 * with placeholder text lines and adds two floating cards. No text inside, so contrast does not
 * matter. Props: `motif` (one of PRODUCT_MOTIFS), `hue` (OKLCH hue, 0–360), `label` (accessible
 * name; empty for a decorative cover next to the product's name, which is then hidden from
 * assistive technology), `size` (`card` by default) and `className` (width comes from the container).
 */
export function ProductVisual(props: { motif: ProductMotif; hue: number; label: string; size?: 'card' | 'hero'; className?: string }) {
  const id = 'pv' + useId().replace(/\W/g, '');
  const hero = props.size === 'hero';
  const w = hero ? 480 : 320;
  const h = hero ? 320 : 180;
  const cx = w / 2;
  const cy = h / 2;
  return (
    <svg
      viewBox={`0 0 ${w} ${h}`}
      {...(props.label ? { role: 'img', 'aria-label': props.label } : { 'aria-hidden': true })}
      data-size={hero ? 'hero' : 'card'}
      className={clsx(styles.root, props.className)}
      style={{ '--hue': props.hue } as CSSProperties}
    >
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--pv-bg1)" />
          <stop offset="1" stopColor="var(--pv-bg2)" />
        </linearGradient>
      </defs>
      <g aria-hidden="true">
        <rect width={w} height={h} rx="16" fill={`url(#${id})`} />
        <path d={circ(cx, cy, hero ? 118 : 64) + circ(cx, cy, hero ? 158 : 92)} fill="none" stroke="var(--pv-hl)" strokeWidth="2" />
        {hero ? (
          <>
            <path d={rr(56, 92, 104, 56, 12) + rr(320, 176, 104, 56, 12)} fill="var(--pv-hl)" />
            <path d={circ(80, 120, 10) + circ(344, 204, 10)} fill="var(--pv-tint)" />
            <path d="M98 112h44M98 128h28M362 196h44M362 212h28" stroke="var(--pv-tint)" strokeWidth="8" strokeLinecap="round" />
            <path d={rr(180, 24, 120, 272, 22)} fill="var(--pv-tile)" stroke="var(--pv-ink)" strokeWidth="3" />
            <path d="M224 40h32M204 184h72M204 202h56M204 220h64" stroke="var(--pv-tint)" strokeWidth="8" strokeLinecap="round" />
            <path d={rr(204, 250, 72, 22, 11)} fill="var(--pv-ink)" />
            <Glyph motif={props.motif} x={197} y={70} s={1.8} />
          </>
        ) : (
          <>
            <path d={rr(cx - 48, cy - 44, 96, 96, 24)} fill="var(--pv-bg2)" opacity=".5" />
            <path d={rr(cx - 48, cy - 48, 96, 96, 24)} fill="var(--pv-tile)" stroke="var(--pv-hl)" strokeWidth="1.5" />
            <Glyph motif={props.motif} x={cx - 33.6} y={cy - 33.6} s={1.4} />
          </>
        )}
      </g>
    </svg>
  );
}
