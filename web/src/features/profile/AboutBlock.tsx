/**
 * "About you" on /profile (ACC-FIELDS): bio, phone and Telegram, each edited in place with
 * the server's rules (bio ≤ 1000 characters; phone in E.164; Telegram 5–32 letters, digits or "_",
 * the @ optional); an empty value clears the field. One `updateUser` mutation carries the field
 * that changed; Relay sends the other two variables as null, which the server treats like omitted
 * arguments (they stay as they are). It selects this block's fragment, so the store and other
 * tabs (through `viewerUpdated`) show the saved value.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useFragment, useMutation } from 'react-relay';
import type { AboutBlock_user$key } from './__generated__/AboutBlock_user.graphql';
import type { AboutBlockUpdateMutation, AboutBlockUpdateMutation$variables } from './__generated__/AboutBlockUpdateMutation.graphql';
import { runMutation } from '../../forms/runMutation';
import { BIO_MAX, INLINE_FIELDS, type InlineField, inlineFieldProblem } from './fieldRules';
import { InlineEditField } from './InlineEditField';
import { ProfileSection } from './ProfileSection';
import styles from './blocks.module.css';

const UpdateMutation = graphql`
  mutation AboutBlockUpdateMutation($id: ID!, $bio: String, $phone: String, $telegram: String) {
    updateUser(id: $id, bio: $bio, phone: $phone, telegram: $telegram) {
      id
      ...AboutBlock_user
    }
  }
`;

export function AboutBlock(props: { user: AboutBlock_user$key; className?: string }) {
  const user = useFragment(
    graphql`
      fragment AboutBlock_user on User {
        id
        bio
        phone
        telegram
      }
    `,
    props.user,
  );
  const intl = useIntl();
  const [commit] = useMutation<AboutBlockUpdateMutation>(UpdateMutation);

  /** Saves one field; the others are not given (null), so the server keeps them. */
  function saver(field: Exclude<InlineField, 'username'>) {
    return async (value: string, typed: string) => {
      const variables: AboutBlockUpdateMutation$variables = { id: user.id, [field]: value };
      const { errors } = await runMutation(commit, { variables });
      return errors.length ? inlineFieldProblem(field, errors, typed) : null;
    };
  }

  return (
    <ProfileSection title={<FormattedMessage id="profile.about.title" />} className={props.className}>
      <div className={styles.rows}>
        <InlineEditField
          name="bio"
          label={intl.formatMessage({ id: 'profile.bio' })}
          value={user.bio}
          multiline
          maxLength={BIO_MAX}
          hint={<FormattedMessage id="profile.bio.hint" />}
          schema={INLINE_FIELDS.bio}
          onSave={saver('bio')}
          testId="profile-bio"
        />
        <InlineEditField
          name="phone"
          label={intl.formatMessage({ id: 'profile.phone' })}
          value={user.phone}
          hint={<FormattedMessage id="profile.phone.hint" />}
          inputProps={{ type: 'tel', inputMode: 'tel', autoComplete: 'tel', dir: 'ltr' }}
          schema={INLINE_FIELDS.phone}
          onSave={saver('phone')}
          testId="profile-phone"
        />
        <InlineEditField
          name="telegram"
          label={intl.formatMessage({ id: 'profile.telegram' })}
          value={user.telegram}
          display={(handle) => `@${handle}`}
          hint={<FormattedMessage id="profile.telegram.hint" />}
          inputProps={{ autoComplete: 'off', autoCapitalize: 'none', spellCheck: false, dir: 'ltr' }}
          schema={INLINE_FIELDS.telegram}
          onSave={saver('telegram')}
          testId="profile-telegram"
        />
      </div>
    </ProfileSection>
  );
}
