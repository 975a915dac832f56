/**
 * One label/value row of a /profile card (blocks.module.css `.row`): the label, the value under it
 * (`children`), and an optional action at the end (Edit, Copy, a link) that wraps under the value
 * on narrow cards.
 */
import type { ReactNode } from 'react';
import styles from './blocks.module.css';

export function ProfileRow(props: { label: ReactNode; children: ReactNode; action?: ReactNode }) {
  return (
    <div className={styles.row}>
      <div className={styles.rowMain}>
        <span className={styles.label}>{props.label}</span>
        {props.children}
      </div>
      {props.action ? <div className={styles.rowAction}>{props.action}</div> : null}
    </div>
  );
}
