/**
 * /profile/change-name: the signed-in user changes the display name (`fullName`, ACC-FIELDS)
 * through `updateUser`. Checked in the browser first (the server's rule: 1–100 characters); on
 * success the store holds the new record — other tabs get it through `viewerUpdated`
 * (LIVE-UPDATES) — and the user is back on the profile. The account pages' frame (AccountShell):
 * a shell on the server, the form once hydrated and signed in.
 */
import { fullName } from '@studio/site/fields';
import { Form, TextField } from '@studio/ui';
import { FormattedMessage } from 'react-intl';
import { graphql, useLazyLoadQuery, useMutation } from 'react-relay';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import type { ChangeNamePageMutation } from './__generated__/ChangeNamePageMutation.graphql';
import type { ChangeNamePageQuery } from './__generated__/ChangeNamePageQuery.graphql';
import { useNotify } from '../../app/toasts';
import { runMutation } from '../../forms/runMutation';
import { SERVER_ERRORS, firstError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { useLocalizePath } from '../../i18n/useLocale';
import { AccountFormActions, AccountShell } from '../../account/AccountShell';
import { SignedOut } from '../../account/SignedOut';
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

function NameForm(props: { fetchKey: number }) {
  const data = useLazyLoadQuery<ChangeNamePageQuery>(Query, {}, { fetchPolicy: 'network-only', fetchKey: props.fetchKey });
  if (!data.viewer) return <SignedOut />;
  return <NameFields viewerId={data.viewer.id} fullName={data.viewer.fullName} />;
}

function NameFields(props: { viewerId: string; fullName: string }) {
  const to = useLocalizePath();
  const navigate = useNavigate();
  const notify = useNotify();
  const [commit] = useMutation<ChangeNamePageMutation>(Mutation);
  const { formProps, field, formMessage, busy } = useSchemaForm({
    schema: Schema,
    defaultValue: { fullName: props.fullName },
    async onValid(value) {
      const { response, errors } = await runMutation(commit, { variables: { id: props.viewerId, fullName: value.fullName } });
      if (errors.length || !response) return SERVER_ERRORS.changeName(firstError(errors));
      notify('toast.nameSaved'); // FEEDBACK-TOAST
      navigate(to('/profile'));
    },
  });

  return (
    <Form {...formProps}>
      {formMessage}
      <TextField label={<FormattedMessage id="profile.changeName.label" />} autoComplete="name" maxLength={100} {...field('fullName')} />
      <AccountFormActions
        busy={busy}
        label={<FormattedMessage id="profile.changeName.submit" />}
        busyLabel={<FormattedMessage id="profile.changeName.saving" />}
      />
    </Form>
  );
}

/** The /profile/change-name route: a shell on the server, the form once hydrated and signed in. */
export function ChangeNamePage() {
  return (
    <AccountShell
      title={<FormattedMessage id="page.profileChangeName.title" />}
      lead={<FormattedMessage id="profile.changeName.lead" />}
      // The profile's own spacing, tighter on phones than the other editing pages.
      pageClassName={styles.page}
      content={NameForm}
    />
  );
}
