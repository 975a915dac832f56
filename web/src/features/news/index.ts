/** The news feature's door: what other features use from it (they import nothing else of it). */
export { NewsArticle } from './NewsArticle';
