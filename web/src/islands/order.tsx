/**
 * The order island's script (SITE-DELIVERY), loaded on the HTML-first /order page only: hydrates
 * `#order-island` from its data block with React, react-intl and the form — no router, no Relay.
 */
import { hydrateRoot } from 'react-dom/client';
import { orderParamsOf } from '../features/order/OrderForm';
import { ORDER_ISLAND_DATA_ID, ORDER_ISLAND_ID, ORDER_ISLAND_ID_PREFIX, OrderIslandRoot, type OrderIslandData } from '../features/order/OrderIsland';

const element = document.getElementById(ORDER_ISLAND_ID);
const dataText = document.getElementById(ORDER_ISLAND_DATA_ID)?.textContent;
if (element && dataText) {
  const data = JSON.parse(dataText) as OrderIslandData;
  hydrateRoot(element, <OrderIslandRoot data={data} params={orderParamsOf(new URLSearchParams(location.search))} />, {
    identifierPrefix: ORDER_ISLAND_ID_PREFIX,
  });
}
