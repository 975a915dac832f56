/**
 * How the admin area names a user's role, type and verification (ADMIN-USERS): badges and words in
 * the page's language, from the schema's `UserRoles` and `UserTypes`.
 */
import { Badge } from '@studio/ui';
import { FormattedMessage } from 'react-intl';

/** The values of the schema's `UserRoles`. */
export const USER_ROLES = ['USER', 'ADMIN'] as const;
/** The values of the schema's `UserTypes`. */
export const USER_TYPES = ['CLIENT', 'PARTNER'] as const;

/** The role in words (`admin.users.role.<ROLE>`); an unknown one as the server spells it. */
export function RoleText(props: { role: string | null | undefined }) {
  const role = props.role ?? 'USER';
  return (USER_ROLES as readonly string[]).includes(role) ? <FormattedMessage id={`admin.users.role.${role}`} /> : <>{role}</>;
}

/** The role as a badge: administrators stand out. */
export function RoleBadge(props: { role: string | null | undefined }) {
  return (
    <Badge tone={props.role === 'ADMIN' ? 'accent' : 'neutral'}>
      <RoleText role={props.role} />
    </Badge>
  );
}

/** The type in words (`admin.users.type.<TYPE>`); an unknown one as the server spells it. */
export function TypeText(props: { type: string | null | undefined }) {
  const type = props.type ?? 'CLIENT';
  return (USER_TYPES as readonly string[]).includes(type) ? <FormattedMessage id={`admin.users.type.${type}`} /> : <>{type}</>;
}

/** Whether the e-mail address is verified, as a badge with words (not colour alone). */
export function VerifiedBadge(props: { verified: boolean | null | undefined }) {
  return (
    <Badge tone={props.verified ? 'success' : 'warning'}>
      <FormattedMessage id={props.verified ? 'admin.users.verified.yes' : 'admin.users.verified.no'} />
    </Badge>
  );
}
