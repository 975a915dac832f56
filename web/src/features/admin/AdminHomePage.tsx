/**
 * /admin: the back-office overview (ADMIN-AREA) — one card per section with its headline figure
 * (requests waiting per status, accounts) and a link into it.
 */
import { Card, Grid, Heading, Text } from '@studio/ui';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { TextLink } from '../../app/links';
import type { AdminHomePageQuery as AdminHomePageQueryType } from './__generated__/AdminHomePageQuery.graphql';
import { AdminShell } from './AdminShell';
import styles from './AdminHomePage.module.css';

const AdminHomePageQuery = graphql`
  query AdminHomePageQuery {
    newRequests: orders(status: NEW, first: 0) {
      totalCount
    }
    inReview: orders(status: IN_REVIEW, first: 0) {
      totalCount
    }
    proposalSent: orders(status: PROPOSAL_SENT, first: 0) {
      totalCount
    }
    users(first: 0) {
      totalCount
    }
  }
`;

/** One section's card: its name, what it holds and the link into it. */
function SectionCard(props: { to: string; label: string; children: ReactNode }) {
  const intl = useIntl();
  const section = intl.formatMessage({ id: props.label });
  return (
    <Card className={styles.card}>
      <Heading level={2} size="lg" className={styles.cardTitle}>
        {section}
      </Heading>
      <div className={styles.cardBody}>{props.children}</div>
      <TextLink to={props.to}>
        <FormattedMessage id="admin.home.open" values={{ section }} />
      </TextLink>
    </Card>
  );
}

function Overview(props: { fetchKey: number }) {
  const data = useLazyLoadQuery<AdminHomePageQueryType>(AdminHomePageQuery, {}, { fetchPolicy: 'network-only', fetchKey: props.fetchKey });
  return (
    <Grid minItemWidth={260} columns={3} gap={4}>
      <SectionCard to="/admin/requests" label="admin.nav.requests">
        <Text>
          <FormattedMessage id="admin.home.requests.new" values={{ count: data.newRequests.totalCount }} />
        </Text>
        <Text tone="muted">
          <FormattedMessage id="admin.home.requests.inReview" values={{ count: data.inReview.totalCount }} />
          {' · '}
          <FormattedMessage id="admin.home.requests.proposalSent" values={{ count: data.proposalSent.totalCount }} />
        </Text>
      </SectionCard>
      <SectionCard to="/admin/news" label="admin.nav.news">
        <Text tone="muted">
          <FormattedMessage id="admin.home.news" />
        </Text>
      </SectionCard>
      <SectionCard to="/admin/products" label="admin.nav.products">
        <Text tone="muted">
          <FormattedMessage id="admin.home.products" />
        </Text>
      </SectionCard>
      <SectionCard to="/admin/users" label="admin.nav.users">
        <Text>
          <FormattedMessage id="admin.home.users" values={{ count: data.users.totalCount }} />
        </Text>
      </SectionCard>
      <SectionCard to="/admin/audit" label="admin.nav.audit">
        <Text tone="muted">
          <FormattedMessage id="admin.home.audit" />
        </Text>
      </SectionCard>
      <SectionCard to="/admin/analytics" label="admin.nav.analytics">
        <Text tone="muted">
          <FormattedMessage id="admin.home.analytics" />
        </Text>
      </SectionCard>
    </Grid>
  );
}

export function AdminHomePage() {
  return <AdminShell title={<FormattedMessage id="page.admin.title" />} lead={<FormattedMessage id="admin.home.lead" />} content={Overview} />;
}
