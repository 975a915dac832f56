/**
 * What the client area and the admin area both show of a request (REQ-CLIENT-AREA, REQ-WORKFLOW):
 * the status as a badge and in words, the interest (a service or a product) and the budget in the
 * page's language. The workflow's next steps are here too, so the admin page offers exactly what
 * the server accepts.
 */
import { Badge, type BadgeProps } from '@studio/ui';
import { FormattedMessage } from 'react-intl';

/** The statuses of schema 1.5.0's `OrderStatus`, in workflow order. */
export const ORDER_STATUSES = ['NEW', 'IN_REVIEW', 'PROPOSAL_SENT', 'WON', 'LOST'] as const;
export type OrderStatusValue = (typeof ORDER_STATUSES)[number];

const TONES: Record<OrderStatusValue, NonNullable<BadgeProps['tone']>> = {
  NEW: 'accent',
  IN_REVIEW: 'warning',
  PROPOSAL_SENT: 'neutral',
  WON: 'success',
  LOST: 'danger',
};

/** REQ-WORKFLOW: the steps allowed from each status. LOST is final; WON may still become LOST (a refund, LEDGER-REFUND). */
export const NEXT_STATUSES: Record<OrderStatusValue, readonly OrderStatusValue[]> = {
  NEW: ['IN_REVIEW', 'LOST'],
  IN_REVIEW: ['PROPOSAL_SENT', 'LOST'],
  PROPOSAL_SENT: ['WON', 'LOST'],
  WON: ['LOST'],
  LOST: [],
};

/** Whether `value` is a status this build knows (a newer server may add one). */
export function isOrderStatus(value: string): value is OrderStatusValue {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The status in words (`requests.status.<STATUS>`). */
export function OrderStatusText(props: { status: string }) {
  return isOrderStatus(props.status) ? <FormattedMessage id={`requests.status.${props.status}`} /> : <>{props.status}</>;
}

/** The status as a coloured badge. */
export function OrderStatusBadge(props: { status: string }) {
  return (
    <Badge tone={isOrderStatus(props.status) ? TONES[props.status] : 'neutral'}>
      <OrderStatusText status={props.status} />
    </Badge>
  );
}

const SERVICES = ['design', 'engineering', 'ai', 'care', 'other'];

/** What a request is about: "Service: …" for a service, "Product: <name>" for a product (its name when known, else its slug). */
export function InterestText(props: { interest: string; productName?: string | null }) {
  if (SERVICES.includes(props.interest)) {
    return <FormattedMessage id="order.interest.service" values={{ name: <FormattedMessage id={`order.service.${props.interest}`} /> }} />;
  }
  return <FormattedMessage id="order.interest.product" values={{ name: props.productName ?? props.interest }} />;
}

/** The budget range in words (the order form's labels). */
export function BudgetText(props: { budget: string }) {
  return <FormattedMessage id={`order.budget.${props.budget}`} />;
}
