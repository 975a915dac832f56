/**
 * One entry of the audit log (ADMIN-AUDIT), for the audit log page and a user's history: when
 * (date and time), who (the administrator's e-mail at the time, linked to their account while it
 * exists), what (the action in words; an action this build does not know as the server spells
 * it), on what (the kind of object and its name, linked to its admin page unless it was deleted),
 * and an expandable "Changes" with each changed field before → after. Values are rendered as
 * text, never as HTML.
 */
import { VisuallyHidden } from '@studio/ui';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import { TextLink } from '../../../app/links';
import type { AuditEntryItem_entry$key } from './__generated__/AuditEntryItem_entry.graphql';
import { type AuditChange, KNOWN_ACTIONS, TARGET_TYPES, auditChanges, targetPath } from './auditChanges';
import styles from './Audit.module.css';

/** The action in words (`admin.audit.action.<action with dots as underscores>`), else the action itself. */
export function AuditActionText(props: { action: string }) {
  return KNOWN_ACTIONS.has(props.action) ? <FormattedMessage id={`admin.audit.action.${props.action.replaceAll('.', '_')}`} /> : <>{props.action}</>;
}

/** A value of a change: its text, or "empty" in words. */
function ChangeValue(props: { value: string | null }) {
  return props.value === null ? (
    <span className={styles.none}>
      <FormattedMessage id="admin.audit.changes.none" />
    </span>
  ) : (
    <span className={styles.value} dir="auto">
      {props.value}
    </span>
  );
}

/** The changed fields, before → after, inside a `<details>` closed by default. */
function Changes(props: { changes: AuditChange[] }) {
  if (props.changes.length === 0) return null;
  return (
    <details className={styles.details}>
      <summary className={styles.summary}>
        <FormattedMessage id="admin.audit.changes.summary" values={{ count: props.changes.length }} />
      </summary>
      <dl className={styles.changes}>
        {props.changes.map((change) => (
          <div key={change.field} className={styles.change}>
            <dt className={styles.field}>{change.field}</dt>
            <dd className={styles.values}>
              <VisuallyHidden>
                <FormattedMessage id="admin.audit.changes.before" />{' '}
              </VisuallyHidden>
              <ChangeValue value={change.before} />
              <span aria-hidden className={styles.arrow}>
                →
              </span>
              <VisuallyHidden>
                {' '}
                <FormattedMessage id="admin.audit.changes.after" />{' '}
              </VisuallyHidden>
              <ChangeValue value={change.after} />
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

export function AuditEntryItem(props: { entry: AuditEntryItem_entry$key }) {
  const entry = useFragment(
    graphql`
      fragment AuditEntryItem_entry on AuditEntry {
        id
        actor {
          id
        }
        actorEmail
        action
        targetType
        targetId
        targetLabel
        before
        after
        created
      }
    `,
    props.entry,
  );
  const path = targetPath(entry);
  const typeId = TARGET_TYPES[entry.targetType];
  const label = (
    <span dir="auto" className={styles.targetLabel}>
      {entry.targetLabel}
    </span>
  );
  return (
    <li className={styles.entry} data-testid="audit-entry">
      <div className={styles.line}>
        <strong className={styles.action}>
          <AuditActionText action={entry.action} />
        </strong>
        <time dateTime={entry.created} className={styles.when}>
          <FormattedDate value={entry.created} dateStyle="medium" timeStyle="short" />
        </time>
      </div>
      <div className={styles.line}>
        <span className={styles.who}>
          <FormattedMessage
            id="admin.audit.by"
            values={{
              actor: entry.actor ? (
                <TextLink to={`/admin/users/${encodeURIComponent(entry.actor.id)}`}>{entry.actorEmail}</TextLink>
              ) : (
                <span>{entry.actorEmail}</span>
              ),
            }}
          />
        </span>
        <span className={styles.target}>
          <span className={styles.targetType}>{typeId ? <FormattedMessage id={typeId} /> : entry.targetType}</span>{' '}
          {path ? <TextLink to={path}>{label}</TextLink> : label}
        </span>
      </div>
      <Changes changes={auditChanges(entry.before, entry.after)} />
    </li>
  );
}
