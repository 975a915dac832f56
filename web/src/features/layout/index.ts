/** The layout feature's door: what other features use from it (they import nothing else of it). */
export { BackLink } from './BackLink';
