/** A wrapping row of badges as a list (a product's technologies, a content card's tags); `items` are the texts, each once. */
import { Badge } from '@studio/ui';
import { clsx } from 'clsx';
import styles from './BadgeList.module.css';

export function BadgeList(props: { items: readonly string[]; className?: string }) {
  return (
    <ul className={clsx(styles.list, props.className)}>
      {props.items.map((item) => (
        <li key={item}>
          <Badge>{item}</Badge>
        </li>
      ))}
    </ul>
  );
}
