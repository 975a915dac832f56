/** The products feature's door: what other features use from it (they import nothing else of it). */
export { ProductCard } from './ProductCard';
export { ProductView } from './ProductView';
