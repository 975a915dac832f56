/** The pages feature's door: what other features use from it (they import nothing else of it). */
export { BadgeList } from './BadgeList';
export { CallToAction } from './CallToAction';
export { MissingRecord } from './MissingRecord';
export { PageHero, PageIntro } from './PageHero';
