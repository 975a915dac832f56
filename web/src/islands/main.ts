/**
 * The main island script of every HTML-first page (SITE-DELIVERY): the page is server-rendered and
 * never hydrated; this brings its interactive parts to life without React — the theme switch, the
 * header's account actions, the phone menu (`aria-expanded`, Escape), the language links and "load more" — counts a speculatively loaded page
 * when it is shown (analytics, production only), and registers the service worker
 * (SITE-SW; the build poll interval is on `<html data-build-poll>`). Loaded as a module (deferred),
 * so it runs once the document is parsed.
 */
import { wireHeaderMenus } from '@studio/ui/header-menu';
import { countSpeculativeLoad } from '../analytics/beacon';
import { registerServiceWorker } from '../sw/register';
import { startLanguageIsland } from './language';
import { startLoadMoreIsland } from './loadMore';
import { startSessionIsland } from './session';
import { startThemeIsland } from './theme';

startThemeIsland();
startSessionIsland();
startLanguageIsland();
wireHeaderMenus();
startLoadMoreIsland();
// A page the browser prerendered or prefetched is counted when it is shown (ANALYTICS-EXCLUDE).
countSpeculativeLoad();
const buildPoll = Number(document.documentElement.dataset.buildPoll);
void registerServiceWorker(Number.isFinite(buildPoll) && buildPoll > 0 ? { intervalMs: buildPoll } : {});
// Tests and tools wait for this (the document has no hydration to wait for).
document.documentElement.dataset.islands = 'ready';
