#!/usr/bin/env node
/**
 * Lighthouse runner for the public pages of the built site, in English, Russian and Spanish.
 *
 *   node e2e/lighthouse/run.mjs --mode check    # a step of `pnpm test`
 *   node e2e/lighthouse/run.mjs --mode bench    # `pnpm bench:lighthouse`
 *
 * Pages (× locales en = unprefixed, ru = /ru/…, es = /es/…): `/`, `/products`, `/products/dom`,
 * `/news` and one news item `/news/<id>` — the first `href` on that locale's `/news` page that
 * matches `^/(ru/|es/)?news/[^/"?#]+$` (one with the locale's own prefix is preferred). No such
 * link is a failure, unless LIGHTHOUSE_SKIP_MISSING=1.
 *
 * The runner needs a build (`pnpm build`): it starts `node api/dist/main.js` itself on
 * http://localhost:3210 with a fresh temporary DATA_DIR (deleted afterwards), NODE_ENV=production
 * and MAIL_TRANSPORT=memory, waits for GET /api/health, and starts one headless Debian Chromium
 * for the whole run; Lighthouse opens a fresh tab for each audit. Pages run one after another.
 * Server and browser are stopped at the end, on failure and on Ctrl-C.
 *
 * Modes
 *  check  Categories accessibility, best-practices and seo must each score exactly 100 on every
 *         page (performance is skipped; throttling stays Lighthouse's default 'simulate', which
 *         loads the page unthrottled, whereas 'provided' would add 5.25 s quiet windows). Prints one line per page with the three scores, then every failure with its
 *         category, score and failing audits (id, title, selectors/snippets or other item
 *         details), and the total wall time. Exits 1 on any failure; the HTML report of a
 *         failing page goes to e2e/.tmp/lighthouse/.
 *  bench  Lighthouse's mobile defaults (Moto G Power emulation, simulated slow 4G and 4× CPU):
 *         performance score, LCP, TBT and CLS per page (aim: score ≥ 97 and LCP ≤ 1.1× the no-JS baseline on each), the JavaScript
 *         the home page loads (sum of transferSize of the Script requests in the
 *         `network-requests` audit, per locale; aim ≤ 25 KB), and a baseline from the same run:
 *         `/` with every script blocked (`blockedUrlPatterns: ['*.js']`), against which each page's
 *         score, LCP and TBT are printed as ratios. Writes bench/results/lighthouse-<time>.json.
 *         Exits 1 only when the run itself failed (setup, an audit that did not complete), never
 *         because a figure misses its aim.
 *
 * Options: --mode check|bench (required), --locales=en,ru,es, --pages=/,/products (English
 * paths; `news-item` names the news item), --runs=N (bench only: Lighthouse runs per page, the
 * median run is kept; default 3, since simulated figures still vary from run to run here).
 *
 * A Lighthouse run that fails for Lighthouse's or Chromium's own reasons (a protocol error, an
 * interstitial) is tried once more and the retry is printed; a page's own HTTP error is not retried.
 *
 * Environment
 *  LIGHTHOUSE_SERVER_ENTRY  server entry to run (default <repo>/api/dist/main.js)
 *  WEB_DIST_DIR             web build the server serves (default <entry>/../../../web/dist)
 *  LIGHTHOUSE_PORT          server port (default 3210)
 *  CHROMIUM_PATH            Chromium binary (default /usr/bin/chromium)
 *  LIGHTHOUSE_SKIP_MISSING  1 = a locale whose /news page links no news item is skipped, not failed
 *  LOG_LEVEL                the server's log level (default warn; its output is shown as [server])
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, isLocale, localePrefix, localizePath, stripLocale } from '@studio/site/locales';
import lighthouse, { generateReport } from 'lighthouse';
import { launchChromium } from './chromium.mjs';
import { locateBuild, startServer } from './server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '..', '..');
const lighthouseVersion = createRequire(import.meta.url)('lighthouse/package.json').version;

const PAGES = ['/', '/products', '/products/dom', '/news', 'news-item'];
/** A news item's address in any locale: '/news/<id>', '/ru/news/<id>'. */
const isNewsItemHref = (href) => /^\/news\/[^/"?#]+$/.test(stripLocale(href));
const CHECK_CATEGORIES = ['accessibility', 'best-practices', 'seo'];
// Targets of HTML-first pages (SITE-DELIVERY, decision 0039): score, home-page JavaScript, LCP against the no-JS baseline.
const AIMS = { performance: 97, homeJsKB: 25, lcpRatio: 1.1 };
const KB = 1024;

// ---------------------------------------------------------------- options

function usage(message) {
  if (message) console.error(message);
  console.error('Usage: node e2e/lighthouse/run.mjs --mode check|bench [--locales=en,ru,es] [--pages=/,/products,news-item] [--runs=N]');
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { mode: null, locales: [...LOCALES], pages: PAGES, runs: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') continue;
    const m = arg.match(/^--([a-z]+)(?:=(.*))?$/);
    if (!m) usage(`Unknown argument ${arg}`);
    const [, key, inline] = m;
    const value = inline ?? argv[++i];
    if (value === undefined) usage(`--${key} needs a value`);
    if (key === 'mode') opts.mode = value;
    else if (key === 'locales')
      opts.locales = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    else if (key === 'pages')
      opts.pages = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    else if (key === 'runs') opts.runs = Number(value);
    else usage(`Unknown option --${key}`);
  }
  if (opts.mode !== 'check' && opts.mode !== 'bench') usage('--mode must be check or bench');
  if (opts.locales.some((l) => !isLocale(l))) usage(`--locales takes a subset of ${LOCALES.join(',')}`);
  if (opts.pages.some((p) => !PAGES.includes(p))) usage(`--pages takes a subset of ${PAGES.join(',')}`);
  opts.runs ??= opts.mode === 'bench' ? 3 : 1;
  if (!Number.isInteger(opts.runs) || opts.runs < 1) usage('--runs must be a positive integer');
  if (opts.mode === 'check' && opts.runs !== 1) usage('--runs applies to --mode bench only');
  return opts;
}

// ---------------------------------------------------------------- cleanup

const cleanups = [];
let stopping = false;
async function cleanUp() {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch (err) {
      console.error(`cleanup: ${err?.message ?? err}`);
    }
  }
}
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
]) {
  process.once(signal, () => {
    stopping = true;
    console.error(`\n${signal}: stopping the server and Chromium…`);
    cleanUp().finally(() => process.exit(code));
  });
}

// ---------------------------------------------------------------- helpers

const localized = (locale, path) => localizePath(path, locale);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
const fmtScore = (score) => (score == null ? '—' : String(Math.round(score * 1000) / 10));

/** The news item to audit for `locale`, from the HTML of its /news page. */
async function findNewsItem(baseUrl, locale) {
  const listPath = localized(locale, '/news');
  const res = await fetch(baseUrl + listPath, { signal: AbortSignal.timeout(15_000) });
  const html = await res.text();
  const hrefs = [...html.matchAll(/\shref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].map((m) => (m[1] ?? m[2]).replace(/&amp;/g, '&'));
  const matching = hrefs.filter(isNewsItemHref);
  const own = matching.find((h) => h.startsWith(`${localePrefix(locale)}/news/`));
  return { listPath, status: res.status, path: own ?? matching[0] ?? null };
}

/** Human-readable lines for the items of an audit's details (selectors and snippets for DOM nodes). */
function describeItems(details, max = 8) {
  if (!details) return [];
  const tables = details.type === 'list' ? (details.items ?? []) : [details];
  const items = [];
  for (const table of tables) {
    if (!Array.isArray(table?.items)) continue;
    const headings = (table.headings ?? []).map((h) => h.key).filter(Boolean);
    for (const item of table.items) items.push({ item, headings });
  }
  const lines = [];
  for (const { item, headings } of items.slice(0, max)) {
    const node = item.node?.type === 'node' ? item.node : Object.values(item).find((v) => v?.type === 'node');
    if (node) {
      let line = `${node.selector ?? node.path ?? '?'}  ${oneLine(node.snippet ?? '', 160)}`;
      if (node.explanation) line += `\n          ${oneLine(node.explanation, 240)}`;
      lines.push(line);
      continue;
    }
    const keys = headings.length ? headings : Object.keys(item).filter((k) => k !== 'subItems');
    const parts = [];
    for (const key of keys) {
      const value = formatValue(item[key]);
      if (value) parts.push(`${key}: ${value}`);
    }
    lines.push(oneLine(parts.join(' · ') || JSON.stringify(item), 300));
  }
  if (items.length > max) lines.push(`… and ${items.length - max} more`);
  return lines;
}

function formatValue(value) {
  if (value == null || value === '') return '';
  if (typeof value !== 'object') return String(value);
  if (value.type === 'source-location') return `${value.url}:${(value.line ?? 0) + 1}:${(value.column ?? 0) + 1}`;
  if (value.type === 'url' || value.type === 'code' || value.type === 'text') return String(value.value);
  if (value.type === 'link') return `${value.text} (${value.url})`;
  if (value.type === 'node') return value.selector ?? value.snippet ?? '';
  return oneLine(JSON.stringify(value), 120);
}

const oneLine = (s, max) => {
  const t = String(s).replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

/** The audits of `categoryId` that cost it points. */
function failingAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  return category.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && !['notApplicable', 'manual', 'informative'].includes(a.scoreDisplayMode) && a.score !== 1);
}

/**
 * True when the only audits that cost points are Lighthouse's own fetch of /robots.txt timing
 * out (its fetcher gives up after 2 s, which a busy 2-core machine can exceed): worth one retry.
 */
function onlyTransientFailures(lhr) {
  if (lhr.runtimeError) return false;
  const failing = CHECK_CATEGORIES.flatMap((c) => failingAudits(lhr, c));
  return failing.length > 0 && failing.every((a) => a.id === 'robots-txt' && /unable to download/i.test(a.explanation ?? ''));
}

// ---------------------------------------------------------------- Lighthouse

/** Runtime errors that are the page's own doing (an HTTP error, not HTML): never retried. */
const PAGE_ERRORS = new Set(['ERRORED_DOCUMENT_REQUEST', 'NOT_HTML', 'INVALID_URL', 'DNS_FAILURE']);

/**
 * One Lighthouse run of `url` in a fresh tab. A run that fails for Lighthouse's or Chromium's own
 * reasons (a thrown protocol error, an interstitial, no FCP, a hung page) is tried once more, and
 * the retry is announced; an HTTP error of the page itself is returned as it is.
 */
async function audit(ctx, url, flags) {
  const browserRef = ctx.browser;
  for (let attempt = 1; ; attempt++) {
    if (stopping) throw new Error('interrupted');
    // A server that died (or was killed from outside) makes every later page an interstitial.
    if (ctx.server.gone()) throw Object.assign(new Error(`${ctx.server.gone()}; stopping`), { setup: true });
    if (!browserRef.current.alive()) {
      console.log('  (Chromium is gone; starting it again)');
      await browserRef.current.close();
      browserRef.current = await launchChromium({ executablePath: browserRef.executablePath });
    }
    const { hostname, port } = browserRef.current;
    let lhr;
    try {
      const result = await lighthouse(url, {
        hostname,
        port,
        logLevel: 'error',
        output: 'json',
        disableFullPageScreenshot: true,
        maxWaitForLoad: 30_000,
        ...flags,
      });
      if (!result?.lhr) throw new Error(`Lighthouse returned no result for ${url}`);
      lhr = result.lhr;
    } catch (err) {
      if (attempt >= 2 || stopping) throw err;
      console.log(`  (${url}: ${oneLine(err.message, 160)}; trying once more)`);
      continue;
    }
    const code = lhr.runtimeError?.code;
    if (!code || PAGE_ERRORS.has(code) || attempt >= 2) return lhr;
    console.log(`  (${url}: Lighthouse runtime error ${code}; trying once more)`);
  }
}

// Throttling stays 'simulate' (applied after the fact, to performance only): 'provided' or 'devtools'
// would make Lighthouse wait 5.25 s quiet windows on every page.
const CHECK_FLAGS = { onlyCategories: CHECK_CATEGORIES };
const BENCH_FLAGS = { onlyCategories: ['performance'] };

async function runCheck(ctx, targets) {
  const failures = [];
  const reportDir = join(here, '..', '.tmp', 'lighthouse');
  console.log(`\n${pad('', 4)}${pad('page', 26)}${CHECK_CATEGORIES.map((c) => lpad(c, 16)).join('')}${lpad('time', 9)}`);
  for (const t of targets) {
    if (stopping) break;
    if (t.skip) {
      console.log(`${pad(t.locale, 4)}${pad(t.label, 26)}${lpad('skipped', 16)}  ${t.skip}`);
      continue;
    }
    if (t.error) {
      console.log(`${pad(t.locale, 4)}${pad(t.label, 26)}${lpad('FAIL', 16)}  ${t.error}`);
      failures.push({ target: t, lines: [t.error] });
      continue;
    }
    const started = Date.now();
    let lhr;
    try {
      lhr = await audit(ctx, ctx.baseUrl + t.path, CHECK_FLAGS);
      if (onlyTransientFailures(lhr)) {
        console.log(`  (${t.path}: Lighthouse could not fetch /robots.txt within its 2 s limit; trying once more)`);
        lhr = await audit(ctx, ctx.baseUrl + t.path, CHECK_FLAGS);
      }
    } catch (err) {
      if (err.setup || stopping) throw err;
      console.log(`${pad(t.locale, 4)}${pad(t.path, 26)}${lpad('ERROR', 16)}  ${err.message}`);
      failures.push({ target: t, lines: [`Lighthouse failed: ${err.message}`] });
      continue;
    }
    const elapsed = Date.now() - started;
    const scores = CHECK_CATEGORIES.map((c) => lhr.categories[c]?.score ?? null);
    const ok = !lhr.runtimeError && scores.every((s) => s === 1);
    console.log(`${pad(t.locale, 4)}${pad(t.path, 26)}${scores.map((s) => lpad(fmtScore(s), 16)).join('')}${lpad(seconds(elapsed), 9)}  ${ok ? 'ok' : 'FAIL'}`);
    if (ok) continue;
    const lines = [];
    if (lhr.runtimeError) lines.push(`runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    for (const warning of lhr.runWarnings ?? []) {
      if (warning !== lhr.runtimeError?.message) lines.push(`warning: ${oneLine(warning, 300)}`);
    }
    for (const [i, c] of CHECK_CATEGORIES.entries()) {
      if (scores[i] === 1) continue;
      if (lhr.runtimeError) {
        // Every audit errored with the runtime error; listing them adds nothing.
        lines.push(`${c}: ${fmtScore(scores[i])} (not audited)`);
        continue;
      }
      lines.push(`${c}: ${fmtScore(scores[i])}`);
      for (const a of failingAudits(lhr, c)) {
        const score = a.scoreDisplayMode === 'error' ? `error: ${a.errorMessage}` : `score ${a.score ?? '—'}`;
        lines.push(`  ✗ ${a.id} — ${a.title} (${score}${a.displayValue ? `, ${a.displayValue}` : ''})`);
        if (a.explanation) lines.push(`      ${oneLine(a.explanation, 300)}`);
        for (const w of a.warnings ?? []) lines.push(`      warning: ${oneLine(w, 300)}`);
        for (const item of describeItems(a.details)) lines.push(`      ${item}`);
      }
    }
    mkdirSync(reportDir, { recursive: true });
    const reportFile = join(reportDir, `${t.locale}${t.path.replace(/^\/(ru|es)(?=\/|$)/, '').replace(/[^a-z0-9]+/gi, '-') || '-home'}.html`);
    writeFileSync(reportFile, generateReport(lhr, 'html'));
    lines.push(`report: ${relative(process.cwd(), reportFile)}`);
    failures.push({ target: t, lines });
  }
  if (failures.length) {
    console.log(`\n✗ ${failures.length} page(s) below 100 in ${CHECK_CATEGORIES.join(', ')} (or not audited):`);
    for (const f of failures) {
      console.log(`\n${f.target.locale} ${f.target.path ?? f.target.label}`);
      for (const line of f.lines) console.log(`  ${line}`);
    }
  }
  return failures.length === 0;
}

function perfFigures(lhr) {
  const num = (id) => lhr.audits[id]?.numericValue ?? null;
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
  return {
    score: lhr.categories.performance?.score == null ? null : Math.round(lhr.categories.performance.score * 100),
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    fcpMs: num('first-contentful-paint'),
    lcpElement: lcpElement(lhr),
    scriptBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    scripts: scripts.map((r) => ({ url: r.url, transferSize: r.transferSize, resourceSize: r.resourceSize })),
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
    warnings: lhr.runWarnings ?? [],
  };
}

/** The selector of the page's LCP element, for reading the figures. */
function lcpElement(lhr) {
  const tables = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  for (const table of tables) {
    const node = table?.items?.[0]?.node;
    if (node) return node.selector ?? node.snippet ?? null;
  }
  return null;
}

/**
 * `runs` Lighthouse runs of `url`; keeps the median run (runs ordered by score, then LCP, then TBT),
 * so the figures printed together come from one real run.
 */
async function benchOne(ctx, url, flags, runs) {
  const all = [];
  for (let i = 0; i < runs; i++) {
    const f = perfFigures(await audit(ctx, url, { ...BENCH_FLAGS, ...flags }));
    if (f.runtimeError || f.score == null) return f;
    all.push(f);
  }
  const sorted = [...all].sort((a, b) => b.score - a.score || a.lcpMs - b.lcpMs || a.tbtMs - b.tbtMs);
  const kept = sorted[Math.floor((sorted.length - 1) / 2)];
  return { ...kept, runs: all.map((f) => ({ score: f.score, lcpMs: Math.round(f.lcpMs), tbtMs: Math.round(f.tbtMs), cls: f.cls })) };
}

const runsNote = (f) => (f.runs?.length > 1 ? ` (runs: ${f.runs.map((r) => r.score).join(', ')}; median kept)` : '');

const ratio = (value, base) => {
  if (value == null || base == null) return null;
  if (base === 0) return value === 0 ? 1 : Infinity;
  return value / base;
};
const fmtRatio = (r) => (r == null ? '—' : r === Infinity ? '∞' : r.toFixed(2));

async function runBench(ctx, targets, opts) {
  let invalid = false;
  console.log(`\nBaseline: / with all scripts blocked (blockedUrlPatterns ['*.js'])`);
  const baseStarted = Date.now();
  const baseline = await benchOne(ctx, `${ctx.baseUrl}/`, { blockedUrlPatterns: ['*.js'] }, opts.runs);
  if (baseline.runtimeError || baseline.score == null) {
    console.error(`✗ the baseline audit failed: ${baseline.runtimeError ?? 'no performance score'}`);
    return { ok: false };
  }
  console.log(
    `  score ${baseline.score}${runsNote(baseline)}  LCP ${seconds(baseline.lcpMs)}  TBT ${Math.round(baseline.tbtMs)} ms  CLS ${baseline.cls.toFixed(3)}  (${seconds(Date.now() - baseStarted)})`,
  );

  const rows = [];
  for (const t of targets) {
    if (stopping) break;
    if (t.skip || t.error) {
      rows.push({ locale: t.locale, path: t.path ?? t.label, skipped: t.skip ?? null, error: t.error ?? null });
      if (t.error) invalid = true;
      console.log(`  ${pad(t.locale, 4)}${pad(t.label, 24)} ${t.skip ? `skipped: ${t.skip}` : `FAIL: ${t.error}`}`);
      continue;
    }
    const started = Date.now();
    let f;
    try {
      f = await benchOne(ctx, ctx.baseUrl + t.path, {}, opts.runs);
    } catch (err) {
      if (err.setup || stopping) throw err;
      f = { runtimeError: `Lighthouse failed: ${err.message}` };
    }
    const row = { locale: t.locale, path: t.path, wallMs: Date.now() - started, ...f };
    if (f.runtimeError || f.score == null) {
      invalid = true;
      console.log(`  ${pad(t.locale, 4)}${pad(t.path, 24)} ERROR ${f.runtimeError ?? 'no performance score'}`);
    } else {
      row.ratios = {
        score: ratio(f.score, baseline.score),
        lcp: ratio(f.lcpMs, baseline.lcpMs),
        tbt: ratio(f.tbtMs, baseline.tbtMs),
      };
      row.meetsAim = f.score >= AIMS.performance && row.ratios.lcp <= AIMS.lcpRatio;
      console.log(`  ${pad(t.locale, 4)}${pad(t.path, 24)} score ${f.score}${runsNote(f)}  LCP element ${f.lcpElement ?? '—'}  (${seconds(row.wallMs)})`);
    }
    rows.push(row);
  }

  // ---- table
  const header = `${pad('', 4)}${pad('page', 20)}${lpad('score', 6)}${lpad('LCP', 8)}${lpad('TBT', 8)}${lpad('CLS', 7)}${lpad('score/b', 9)}${lpad('LCP/b', 7)}${lpad('TBT/b', 7)}  aim ≥ ${AIMS.performance}`;
  console.log(
    `\nLighthouse mobile performance (simulated throttling; aim: score ≥ ${AIMS.performance} and LCP ≤ ${AIMS.lcpRatio}× the baseline)\n${header}\n${'-'.repeat(header.length + 2)}`,
  );
  const line = (locale, path, f, r, aim) =>
    `${pad(locale, 4)}${pad(path, 20)}${lpad(f.score, 6)}${lpad(seconds(f.lcpMs), 8)}${lpad(`${Math.round(f.tbtMs)}ms`, 8)}${lpad(f.cls.toFixed(3), 7)}` +
    `${lpad(fmtRatio(r?.score), 9)}${lpad(fmtRatio(r?.lcp), 7)}${lpad(fmtRatio(r?.tbt), 7)}  ${aim}`;
  console.log(line('b', '/ (no JS)', baseline, null, 'baseline'));
  for (const row of rows) {
    if (row.skipped || row.error || row.runtimeError || row.score == null) {
      console.log(
        `${pad(row.locale, 4)}${pad(row.path, 20)}  ${row.skipped ? `skipped (${row.skipped})` : `not measured: ${row.error ?? row.runtimeError ?? 'no score'}`}`,
      );
      continue;
    }
    console.log(line(row.locale, row.path, row, row.ratios, row.meetsAim ? 'meets aim' : 'BELOW AIM'));
  }

  // ---- home page JavaScript
  const homeJs = rows
    .filter((r) => r.path === localized(r.locale, '/') && r.scripts)
    .map((r) => ({
      locale: r.locale,
      path: r.path,
      bytes: r.scriptBytes,
      requests: r.scripts.length,
      meetsAim: r.scriptBytes <= AIMS.homeJsKB * KB,
      scripts: r.scripts,
    }));
  if (homeJs.length) {
    console.log(`\nJavaScript the home page loads (transferSize of Script requests; KB = 1024 bytes; aim ≤ ${AIMS.homeJsKB} KB)`);
    for (const h of homeJs) {
      // Asked of the server itself: tiny files may cost more on the wire than raw, so sizes cannot tell.
      const codings = await Promise.all(
        h.scripts.map(async (s) => (await fetch(s.url, { headers: { 'accept-encoding': 'br, gzip' } })).headers.get('content-encoding')),
      );
      const encoded = codings.every((coding) => coding === 'br' || coding === 'gzip') ? 'all served compressed' : 'NOT all compressed';
      console.log(
        `${pad(h.locale, 4)}${pad(h.path, 8)}${lpad((h.bytes / KB).toFixed(1), 8)} KB in ${h.requests} requests (${encoded})  ${h.meetsAim ? 'meets aim' : 'ABOVE AIM'}`,
      );
    }
  }

  const misses = rows.filter((r) => r.meetsAim === false).map((r) => `${r.path} (${r.score})`);
  const jsMisses = homeJs.filter((h) => !h.meetsAim).map((h) => `${h.path} ${(h.bytes / KB).toFixed(1)} KB`);
  if (baseline.tbtMs === 0) console.log(`TBT/b is ∞ where the page has any TBT: the baseline runs no script, so its TBT is 0 ms (see the TBT column).`);
  console.log(
    misses.length
      ? `\nBelow the performance aim (${AIMS.performance}): ${misses.join(', ')}`
      : `\nEvery measured page meets the performance aim (${AIMS.performance}).`,
  );
  if (jsMisses.length) console.log(`Above the home-page JavaScript aim (${AIMS.homeJsKB} KB): ${jsMisses.join(', ')}`);

  // ---- JSON
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const resultsDir = join(repoRoot, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `lighthouse-${stamp}.json`);
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        kind: 'lighthouse-bench',
        date: new Date().toISOString(),
        settings: { formFactor: 'mobile', throttlingMethod: 'simulate', runsPerPage: opts.runs, lighthouse: lighthouseVersion },
        machine: { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, chromium: ctx.browser.current.version },
        aims: { performanceScore: AIMS.performance, homeJsKB: AIMS.homeJsKB, kbBytes: KB },
        baseline: { path: '/', blockedUrlPatterns: ['*.js'], ...baseline },
        pages: rows,
        homeJs,
        invalid,
      },
      (key, value) => (value === Infinity ? 'Infinity' : value),
      2,
    )}\n`,
  );
  console.log(`\nWrote ${relative(process.cwd(), file)}`);
  return { ok: !invalid };
}

// ---------------------------------------------------------------- main

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const wallStarted = Date.now();
  const build = locateBuild(repoRoot);
  if (build.missing.length) {
    console.error(
      `✗ The built app is missing:\n${build.missing.map((m) => `    ${build.display(m)}`).join('\n')}\n` +
        `  Run \`pnpm build\` first (or point LIGHTHOUSE_SERVER_ENTRY / WEB_DIST_DIR at a build).`,
    );
    return 1;
  }
  const port = Number(process.env['LIGHTHOUSE_PORT'] || 3210);
  const executablePath = process.env['CHROMIUM_PATH'] || '/usr/bin/chromium';
  console.log(`Lighthouse ${lighthouseVersion} · mode ${opts.mode} · server ${build.display(build.entry)} · web ${build.display(build.webDist)}`);

  const server = await startServer({ entry: build.entry, webDist: build.webDist, port });
  cleanups.push(server.stop);
  const browser = { executablePath, current: await launchChromium({ executablePath }) };
  cleanups.push(() => browser.current.close());
  console.log(`Server ${server.baseUrl} ready; ${browser.current.version} (DevTools port ${browser.current.port}); setup ${seconds(Date.now() - wallStarted)}`);

  const targets = [];
  for (const locale of opts.locales) {
    for (const page of opts.pages) {
      if (page !== 'news-item') {
        targets.push({ locale, label: localized(locale, page), path: localized(locale, page) });
        continue;
      }
      const label = localized(locale, '/news/<id>');
      const found = await findNewsItem(server.baseUrl, locale);
      if (found.path) targets.push({ locale, label, path: found.path });
      else {
        const why = `no news item link (/news/<id> in its locale) on ${found.listPath} (HTTP ${found.status})`;
        if (process.env['LIGHTHOUSE_SKIP_MISSING'] === '1') targets.push({ locale, label, skip: `${why}; LIGHTHOUSE_SKIP_MISSING=1` });
        else targets.push({ locale, label, error: `${why} — cannot pick a news item to audit` });
      }
    }
  }

  const ctx = { baseUrl: server.baseUrl, browser, server };
  const ok = opts.mode === 'check' ? await runCheck(ctx, targets) : (await runBench(ctx, targets, opts)).ok;
  const audited = targets.filter((t) => !t.skip && !t.error).length;
  console.log(`\n${ok ? '✓' : '✗'} ${opts.mode}: ${audited} page(s) audited in ${seconds(Date.now() - wallStarted)} wall time`);
  return ok ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(`\n✗ ${err?.setup ? err.message : (err?.stack ?? err)}`);
  code = 1;
} finally {
  await cleanUp();
}
process.exit(code);
