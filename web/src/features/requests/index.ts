/** The requests feature's door: what other features use from it (they import nothing else of it). */
export { LiveOrders } from './LiveOrders';
export { RequestsShortcut } from './RequestsShortcut';
