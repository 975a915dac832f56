/**
 * The abstract illustrations of the informational pages (content files name them, types.ts):
 * inline SVG drawn only with the design tokens, so they follow the light and dark theme.
 */
import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import type { IllustrationName } from '../types';
import styles from './PageIllustration.module.css';

const ACC = 'var(--color-accent)';
const ACC2 = 'var(--color-accent-hover)';
const SUB = 'var(--color-accent-subtle)';
const ABR = 'var(--color-accent-border)';
const SURF = 'var(--color-surface)';
const BOR = 'var(--color-border)';
const STR = 'var(--color-border-strong)';
const ON = 'var(--color-accent-contrast)';

/** A check mark centred on (x, y), 14 units wide. */
const check = (x: number, y: number) => `M${x - 6} ${y}l4 4 8-8`;

/** A question mark centred on (x, y) as one stroke path plus its dot. */
const question = (x: number, y: number, s: number) => (
  <>
    <path
      d={`M${x - 8 * s} ${y - 8 * s}a${8 * s} ${8 * s} 0 1 1 ${12 * s} ${7 * s}c${-3 * s} ${2 * s} ${-4 * s} ${3 * s} ${-4 * s} ${7 * s}`}
      fill="none"
      stroke={ACC}
      strokeWidth={4 * s}
      strokeLinecap="round"
    />
    <circle cx={x} cy={y + 13 * s} r={2.6 * s} fill={ACC} />
  </>
);

/** The shared backdrop: a soft disc, a dashed construction ring and a ground line. */
const backdrop = (
  <>
    <circle cx="160" cy="120" r="92" fill={SUB} opacity=".5" />
    <circle cx="160" cy="120" r="110" fill="none" stroke={STR} strokeDasharray="2 6" />
    <path d="M28 212h264" stroke={BOR} strokeWidth="2" strokeLinecap="round" />
  </>
);

const faq = (
  <>
    <path
      d="M78 52h100a18 18 0 0 1 18 18v52a18 18 0 0 1-18 18h-68l-26 20 4-20h-10a18 18 0 0 1-18-18V70a18 18 0 0 1 18-18z"
      fill={SURF}
      stroke={STR}
      strokeWidth="2"
    />
    {question(96, 90, 1.3)}
    <path d="M124 76h48M124 90h36M124 104h20" stroke={BOR} strokeWidth="7" strokeLinecap="round" />
    <path d="M158 112h88a18 18 0 0 1 18 18v36a18 18 0 0 1-18 18h-4l4 20-26-20h-62a18 18 0 0 1-18-18v-36a18 18 0 0 1 18-18z" fill={ACC} />
    <path d="M162 138h72M162 158h48" stroke={ON} strokeWidth="7" strokeLinecap="round" opacity=".85" />
    <circle cx="250" cy="62" r="20" fill={SURF} stroke={ABR} strokeWidth="2" />
    {question(250, 58, 0.8)}
  </>
);

const how = (
  <>
    <path d="M48 180c32 0 36-38 64-38s36-40 64-40 48-42 76-42" fill="none" stroke={ABR} strokeWidth="3" strokeDasharray="0 9" strokeLinecap="round" />
    {(
      [
        [48, 180],
        [112, 142],
      ] as const
    ).map(([x, y]) => (
      <g key={x}>
        <circle cx={x} cy={y} r="14" fill={ACC} />
        <path d={check(x, y)} fill="none" stroke={ON} strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      </g>
    ))}
    <circle cx="176" cy="102" r="14" fill={SURF} stroke={ACC} strokeWidth="3" />
    <circle cx="176" cy="102" r="5" fill={ACC} />
    <path d="M252 60V20" stroke={STR} strokeWidth="3" strokeLinecap="round" />
    <path d="M252 22h32l-8 10 8 10h-32z" fill={ACC} />
    <circle cx="252" cy="60" r="6" fill={SURF} stroke={STR} strokeWidth="3" />
    <path d="M36 204h24M100 166h24M164 126h24" stroke={STR} strokeWidth="5" strokeLinecap="round" />
  </>
);

/** An avatar: a disc with a head and shoulders that follow the disc's lower edge. */
const avatar = (x: number, y: number, r: number, bg: string, fg: string) => (
  <g key={x}>
    <circle cx={x} cy={y} r={r} fill={bg} stroke={SURF} strokeWidth="4" />
    <circle cx={x} cy={y - 0.25 * r} r={0.28 * r} fill={fg} />
    <path d={`M${x - 0.8 * r} ${y + 0.6 * r}a${0.8 * r} ${0.45 * r} 0 0 1 ${1.6 * r} 0a${r} ${r} 0 0 1 ${-1.6 * r} 0`} fill={fg} />
  </g>
);

const team = (
  <>
    <path d="M62 70 96 132M258 70l-34 62" stroke={ABR} strokeWidth="2" strokeDasharray="0 7" strokeLinecap="round" />
    <circle cx="62" cy="70" r="10" fill={SURF} stroke={ABR} strokeWidth="2" />
    <circle cx="258" cy="70" r="7" fill={ABR} />
    {avatar(98, 138, 38, SUB, ABR)}
    {avatar(222, 138, 38, SUB, ABR)}
    {avatar(160, 120, 48, ACC, ON)}
  </>
);

/** One isometric slab whose top face is centred on (160, y). */
const slab = (y: number, top: string, side: string, line: string) => (
  <g key={y} stroke={line} strokeWidth="2" strokeLinejoin="round">
    <path d={`M88 ${y}l72 36 72-36v12l-72 36-72-36z`} fill={side} />
    <path d={`M160 ${y - 36}l72 36-72 36-72-36z`} fill={top} />
  </g>
);

const techs = (
  <>
    {slab(156, SURF, BOR, STR)}
    {slab(120, SUB, ABR, ABR)}
    {slab(84, ACC, ACC2, ACC)}
    <path d="M64 98 40 122l24 24M256 98l24 24-24 24" fill="none" stroke={STR} strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
  </>
);

const culture = (
  <>
    <g fill="none" strokeWidth="4">
      <circle cx="94" cy="78" r="18" stroke={ABR} />
      <circle cx="70" cy="78" r="18" stroke={ACC} />
      <path d="M87.8 94.9A18 18 0 0 1 77.1 84.2" stroke={ABR} />
    </g>
    <path d="M250 86s-14-8-14-18a7 7 0 0 1 14-2 7 7 0 0 1 14 2c0 10-14 18-14 18z" fill={ACC} />
    <path d="M160 168V96" stroke={ACC} strokeWidth="4" strokeLinecap="round" />
    <path d="M160 146c-32 2-54-14-60-40 28-4 52 10 60 40z" fill={SUB} stroke={ACC} strokeWidth="2.5" strokeLinejoin="round" />
    <path d="M160 128c2-32 24-52 56-52 0 32-24 52-56 52z" fill={ACC} />
    <circle cx="160" cy="92" r="8" fill={SURF} stroke={ACC} strokeWidth="3" />
    <path d="M134 176h52l-6 36h-40z" fill={ACC} />
    <rect x="128" y="164" width="64" height="14" rx="4" fill={ACC2} />
  </>
);

const privacy = (
  <>
    <path d="M160 36l68 24v56c0 44-28 74-68 90-40-16-68-46-68-90V60z" fill={SUB} stroke={ACC} strokeWidth="3" strokeLinejoin="round" />
    <path d="M160 52l54 19v45c0 35-22 59-54 73-32-14-54-38-54-73V71z" fill={SURF} stroke={ABR} strokeWidth="1.5" />
    <path d="M142 118v-14a18 18 0 0 1 36 0v14" fill="none" stroke={ACC} strokeWidth="7" />
    <rect x="130" y="116" width="60" height="46" rx="8" fill={ACC} />
    <circle cx="160" cy="134" r="6" fill={SURF} />
    <rect x="157.5" y="136" width="5" height="13" rx="2.5" fill={SURF} />
    <rect x="24" y="150" width="68" height="24" rx="12" fill={SURF} stroke={STR} strokeWidth="2" />
    <path d="M40 162h0m12 0h0m12 0h0m12 0h0" stroke={ACC} strokeWidth="6" strokeLinecap="round" />
    <circle cx="256" cy="78" r="16" fill={ACC} />
    <path d={check(256, 78)} fill="none" stroke={ON} strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
  </>
);

const ART: Record<IllustrationName, ReactNode> = { faq, how, team, techs, culture, privacy };

/**
 * A page illustration: an abstract 320 × 240 drawing over a soft disc and a dashed construction
 * ring — `faq` two speech bubbles with question marks, `how` a dotted path of milestones to a flag,
 * `team` a group of overlapping avatars, `techs` stacked isometric layers between code brackets,
 * `culture` three interlocking rings around a heart, `privacy` a shield with a padlock.
 * Colours are design tokens only, so it follows the theme. Props: `name` (which drawing), `alt`
 * (the accessible name, in the page's language) and `className` (extra sizing; 320 px wide by
 * default, never wider than its container, always 4:3).
 */
export function PageIllustration(props: { name: IllustrationName; alt: string; className?: string }) {
  return (
    <svg viewBox="0 0 320 240" width="320" height="240" role="img" aria-label={props.alt} className={clsx(styles.root, props.className)}>
      <g aria-hidden="true">
        {backdrop}
        {ART[props.name]}
      </g>
    </svg>
  );
}
