/**
 * "About you" on /profile (ACC-FIELDS): bio, phone and Telegram, each edited in place with
 * the server's rules (bio ≤ 1000 characters; a phone number with spaces, brackets or dashes,
 * international or national of the page's country, sent in E.164 with that country as
 * `phoneCountry` and shown in the international format; Telegram 5–32 letters, digits or "_", the
 * @ optional); an empty value clears the field. One `updateUser` mutation carries the field
 * that changed; Relay sends the other two variables as null, which the server treats like omitted
 * arguments (they stay as they are). It selects this block's fragment, so the store and other
 * tabs (through `viewerUpdated`) show the saved value.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useFragment, useMutation } from 'react-relay';
import type { AboutBlock_user$key } from './__generated__/AboutBlock_user.graphql';
import type { AboutBlockUpdateMutation, AboutBlockUpdateMutation$variables } from './__generated__/AboutBlockUpdateMutation.graphql';
import { runMutation } from '../../forms/runMutation';
import { useLocale } from '../../i18n/useLocale';
import { BIO_MAX, PHONE_COUNTRY, type InlineField, formatPhone, inlineFieldProblem, inlineFields } from './fieldRules';
import { InlineEditField } from './InlineEditField';
import { ProfileSection } from '../../account/ProfileSection';
import styles from '../../account/blocks.module.css';

/** The fields of this block (username is on the identity card). */
type AboutField = Exclude<InlineField, 'username'>;

const UpdateMutation = graphql`
  mutation AboutBlockUpdateMutation($id: ID!, $bio: String, $phone: String, $phoneCountry: String, $telegram: String) {
    updateUser(id: $id, bio: $bio, phone: $phone, phoneCountry: $phoneCountry, telegram: $telegram) {
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
  const locale = useLocale();
  const schemas = inlineFields(locale);
  const [commit] = useMutation<AboutBlockUpdateMutation>(UpdateMutation);
  const labels = {
    bio: intl.formatMessage({ id: 'profile.bio' }),
    phone: intl.formatMessage({ id: 'profile.phone' }),
    telegram: intl.formatMessage({ id: 'profile.telegram' }),
  };

  /** What follows from the field's name: its label, saved value, rule, test id and saving. */
  function fieldOf(field: AboutField) {
    return { name: field, label: labels[field], value: user[field], schema: schemas[field], onSave: saver(field), testId: `profile-${field}` };
  }

  /** Saves one field; the others are not given (null), so the server keeps them. */
  function saver(field: AboutField) {
    return async (value: string, typed: string) => {
      // The browser sends E.164 already; the country tells the server how it read the number (it checks again).
      const variables: AboutBlockUpdateMutation$variables = {
        id: user.id,
        [field]: value,
        ...(field === 'phone' ? { phoneCountry: PHONE_COUNTRY[locale] } : {}),
      };
      const { errors } = await runMutation(commit, { variables });
      return errors.length ? inlineFieldProblem(field, errors, typed, locale) : null;
    };
  }

  return (
    <ProfileSection title={<FormattedMessage id="profile.about.title" />} className={props.className}>
      <div className={styles.rows}>
        <InlineEditField {...fieldOf('bio')} multiline maxLength={BIO_MAX} hint={<FormattedMessage id="profile.bio.hint" />} />
        <InlineEditField
          {...fieldOf('phone')}
          display={formatPhone}
          hint={<FormattedMessage id="profile.phone.hint" />}
          inputProps={{ type: 'tel', inputMode: 'tel', autoComplete: 'tel', dir: 'ltr' }}
        />
        <InlineEditField
          {...fieldOf('telegram')}
          display={(handle) => `@${handle}`}
          hint={<FormattedMessage id="profile.telegram.hint" />}
          inputProps={{ autoComplete: 'off', autoCapitalize: 'none', spellCheck: false, dir: 'ltr' }}
        />
      </div>
    </ProfileSection>
  );
}
