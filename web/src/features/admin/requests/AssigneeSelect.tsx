/**
 * Who works a request (ADMIN-AREA): a select of the administrators (the first 50 of
 * `users(role: ADMIN)`) and "Unassigned"; a choice is sent at once (`assignOrder`) and a refusal
 * (e.g. INVALID_ASSIGNEE: no longer an administrator) shows under it.
 */
import { NativeSelect } from '@studio/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useFragment, useMutation } from 'react-relay';
import { GRAPHQL_LOCALE } from '../../../i18n/locales';
import { useLocale } from '../../../i18n/useLocale';
import { useNotify } from '../../../app/toasts';
import { runMutation } from '../../../forms/runMutation';
import type { AssigneeSelect_admins$key } from './__generated__/AssigneeSelect_admins.graphql';
import type { AssigneeSelect_order$key } from './__generated__/AssigneeSelect_order.graphql';
import type { AssigneeSelectAssignMutation } from './__generated__/AssigneeSelectAssignMutation.graphql';
import { type RequestProblem, requestProblem } from './requestErrors';

/** The assignee select of `order`, offering the administrators of `admins` (fragment on Query). */
export function AssigneeSelect(props: { order: AssigneeSelect_order$key; admins: AssigneeSelect_admins$key }) {
  const order = useFragment(
    graphql`
      fragment AssigneeSelect_order on Order {
        id
        assignee {
          id
          fullName
        }
      }
    `,
    props.order,
  );
  const admins = useFragment(
    graphql`
      fragment AssigneeSelect_admins on Query {
        users(role: ADMIN, first: 50) {
          edges {
            node {
              id
              fullName
              email
            }
          }
        }
      }
    `,
    props.admins,
  );
  const intl = useIntl();
  const locale = useLocale();
  const [commit, pending] = useMutation<AssigneeSelectAssignMutation>(graphql`
    mutation AssigneeSelectAssignMutation($id: ID!, $assigneeId: ID, $locale: Locale!) {
      assignOrder(id: $id, assigneeId: $assigneeId) {
        order {
          id
          ...AdminRequestPage_order @arguments(locale: $locale)
        }
      }
    }
  `);
  const [problem, setProblem] = useState<RequestProblem | null>(null);
  const notify = useNotify();
  const options = admins.users.edges.map(({ node }) => ({ value: node.id, label: node.email ? `${node.fullName} (${node.email})` : node.fullName }));
  // The assignee may be beyond the first 50 administrators: keep them choosable.
  if (order.assignee && !options.some((option) => option.value === order.assignee?.id))
    options.push({ value: order.assignee.id, label: order.assignee.fullName });
  async function assign(value: string) {
    const { errors } = await runMutation(commit, { variables: { id: order.id, assigneeId: value || null, locale: GRAPHQL_LOCALE[locale] } });
    setProblem(errors.length ? requestProblem(errors) : null);
    if (!errors.length) notify('toast.saved'); // FEEDBACK-TOAST
  }
  return (
    <NativeSelect
      label={intl.formatMessage({ id: 'admin.requests.assignee' })}
      options={[{ value: '', label: intl.formatMessage({ id: 'admin.requests.unassigned' }) }, ...options]}
      value={order.assignee?.id ?? ''}
      disabled={pending}
      aria-busy={pending}
      onValueChange={(value) => void assign(value)}
      error={problem ? <FormattedMessage {...problem.problem} /> : undefined}
    />
  );
}
