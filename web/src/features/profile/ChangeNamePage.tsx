/**
 * /profile/change-name: the signed-in user changes the display name (`fullName`, ACC-FIELDS)
 * through `updateUser`. Checked in the browser first (the server's rule: 1–100 characters); on
 * success the store holds the new record — other tabs get it through `viewerUpdated`
 * (LIVE-UPDATES) — and the user is back on the profile. Account pages render a shell on the server.
 */
import { fullName } from '@studio/site/fields';
import { Container, Form, Heading, Skeleton, Text, TextField } from '@studio/ui';
import { Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { graphql, useLazyLoadQuery, useMutation } from 'react-relay';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import type { ChangeNamePageMutation } from './__generated__/ChangeNamePageMutation.graphql';
import type { ChangeNamePageQuery } from './__generated__/ChangeNamePageQuery.graphql';
import { useHydrated } from '../../app/useHydrated';
import { runMutation } from '../../forms/runMutation';
import { SERVER_ERRORS, firstError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { useLocalizePath } from '../../i18n/useLocale';
import { useSession } from '../../session/SessionProvider';
import { AccountFormActions } from './AccountShell';
import { SignedOut } from './SignedOut';
import styles from './ProfilePage.module.css';

const Schema = z.object({ fullName });

const Query = graphql`
  query ChangeNamePageQuery {
    viewer {
      id
      fullName
    }
  }
`;

const Mutation = graphql`
  mutation ChangeNamePageMutation($id: ID!, $fullName: String!) {
    updateUser(id: $id, fullName: $fullName) {
      id
      fullName
      ...ProfileCard_user
    }
  }
`;

function NameForm() {
  const data = useLazyLoadQuery<ChangeNamePageQuery>(Query, {}, { fetchPolicy: 'network-only' });
  if (!data.viewer) return <SignedOut />;
  return <NameFields viewerId={data.viewer.id} fullName={data.viewer.fullName} />;
}

function NameFields(props: { viewerId: string; fullName: string }) {
  const to = useLocalizePath();
  const navigate = useNavigate();
  const [commit] = useMutation<ChangeNamePageMutation>(Mutation);
  const { formProps, field, formMessage, busy } = useSchemaForm({
    schema: Schema,
    defaultValue: { fullName: props.fullName },
    async onValid(value) {
      const { response, errors } = await runMutation(commit, { variables: { id: props.viewerId, fullName: value.fullName } });
      if (errors.length || !response) return SERVER_ERRORS.changeName(firstError(errors));
      navigate(to('/profile'));
    },
  });

  return (
    <Form {...formProps}>
      {formMessage}
      <TextField label={<FormattedMessage id="profile.changeName.label" />} autoComplete="name" maxLength={100} {...field('fullName')} />
      <AccountFormActions saving={busy}>
        <FormattedMessage id={busy ? 'profile.changeName.saving' : 'profile.changeName.submit'} />
      </AccountFormActions>
    </Form>
  );
}

/** The /profile/change-name route: a shell on the server, the form once hydrated and signed in. */
export function ChangeNamePage() {
  const hydrated = useHydrated();
  const session = useSession();
  return (
    <Container size="narrow" className={styles.page}>
      <Heading level={1} size="2xl">
        <FormattedMessage id="page.profileChangeName.title" />
      </Heading>
      <Text tone="muted">
        <FormattedMessage id="profile.changeName.lead" />
      </Text>
      {!hydrated ? (
        <Skeleton height={44} />
      ) : !session.signedIn ? (
        <SignedOut />
      ) : (
        <Suspense fallback={<Skeleton height={44} />}>
          <NameForm />
        </Suspense>
      )}
    </Container>
  );
}
