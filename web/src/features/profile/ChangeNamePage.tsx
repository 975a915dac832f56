/**
 * /profile/change-name: the signed-in user changes the display name (`fullName`) through
 * `updateUser` (SPEC.md §7). Checked in the browser first (1–100 characters, the server's rule);
 * on success the store holds the new record — other tabs get it through `viewerUpdated` — and
 * the user is back on the profile. Account pages render a shell on the server (DESIGN.md §4).
 */
import { Container, Form, FormMessage, Heading, Skeleton, Text, TextField } from '@studio/ui';
import { type FormEvent, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery, useMutation } from 'react-relay';
import { useNavigate } from 'react-router';
import type { ChangeNamePageMutation } from './__generated__/ChangeNamePageMutation.graphql';
import type { ChangeNamePageQuery } from './__generated__/ChangeNamePageQuery.graphql';
import { useHydrated } from '../../app/useHydrated';
import { useLocalizePath } from '../../i18n/useLocale';
import { useSession } from '../../session/SessionProvider';
import { type FieldProblem, checkName } from '../auth/validation';
import { AccountFormActions } from './AccountShell';
import { SignedOut } from './SignedOut';
import styles from './ProfilePage.module.css';

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
  const intl = useIntl();
  const to = useLocalizePath();
  const navigate = useNavigate();
  const data = useLazyLoadQuery<ChangeNamePageQuery>(Query, {}, { fetchPolicy: 'network-only' });
  const [value, setValue] = useState(data.viewer?.fullName ?? '');
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [commit, saving] = useMutation<ChangeNamePageMutation>(Mutation);
  if (!data.viewer) return <SignedOut />;
  const viewerId = data.viewer.id;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkName(value);
    setProblem(found);
    setServerError(null);
    if (found) {
      event.currentTarget.querySelector<HTMLInputElement>('input[name="fullName"]')?.focus();
      return;
    }
    commit({
      variables: { id: viewerId, fullName: value.trim() },
      onCompleted: (_response, errors) => {
        if (errors?.length) setServerError(intl.formatMessage({ id: 'profile.changeName.error' }));
        else navigate(to('/profile'));
      },
      onError: () => setServerError(intl.formatMessage({ id: 'profile.changeName.error' })),
    });
  }

  return (
    <Form noValidate onSubmit={onSubmit} aria-busy={saving || undefined}>
      {serverError ? <FormMessage tone="error">{serverError}</FormMessage> : null}
      <TextField
        name="fullName"
        label={<FormattedMessage id="profile.changeName.label" />}
        autoComplete="name"
        maxLength={100}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={problem ? intl.formatMessage({ id: problem.id }, problem.values) : undefined}
      />
      <AccountFormActions saving={saving}>
        <FormattedMessage id={saving ? 'profile.changeName.saving' : 'profile.changeName.submit'} />
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
