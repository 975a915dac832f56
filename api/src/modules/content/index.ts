/**
 * The content module's one door: products, news, the content files and their seed, the sitemap
 * and first-party analytics. It imports no other module.
 */
export { type AnalyticsRecorder } from './analytics/recorder.js';
export { AnalyticsReports } from './analytics/reports.js';
export { recordDocumentView, registerAnalytics } from './analytics/routes.js';
export { newsTexts, productTexts, readProductFiles } from './files.js';
export { isPublished, NewsService } from './news.js';
export { ProductService } from './products.js';
export { seedDatabase } from './seed.js';
export { registerSeoRoutes } from './seoRoutes.js';
export { jsonList, pickTranslation } from './translations.js';
