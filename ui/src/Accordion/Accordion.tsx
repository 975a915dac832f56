import * as RadixAccordion from '@radix-ui/react-accordion';
import { ChevronDownIcon } from '@radix-ui/react-icons';
import type { ReactNode, Ref } from 'react';
import { clsx } from 'clsx';
import styles from './Accordion.module.css';

/** One question and its answer. */
export interface AccordionItemData {
  /** Stable id: the value used by `value`/`defaultValue`/`onValueChange`. */
  id: string;
  /** The always-visible trigger text. */
  question: ReactNode;
  /** Revealed when the item is open. */
  answer: ReactNode;
  /** Disabled items cannot be opened or closed. */
  disabled?: boolean;
}

interface AccordionBaseProps {
  /** The questions and answers, in order. */
  items: AccordionItemData[];
  /** Heading level wrapping each trigger, so the questions fit the page outline (default 3, i.e. `h3`). */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** Extra class for the root element. */
  className?: string;
  /** Ref to the root element. */
  ref?: Ref<HTMLDivElement>;
}

export interface AccordionSingleProps extends AccordionBaseProps {
  /** `single` (default): one answer open at a time. */
  type?: 'single';
  /** Controlled open item id (`''` for none); pair it with `onValueChange`. */
  value?: string;
  /** Item open at first when uncontrolled. */
  defaultValue?: string;
  /** Called with the open item id (`''` when all are closed). */
  onValueChange?: (value: string) => void;
  /** Whether the open item can be closed again by its trigger (default `true`). */
  collapsible?: boolean;
}

export interface AccordionMultipleProps extends AccordionBaseProps {
  /** `multiple`: any number of answers open at once. */
  type: 'multiple';
  /** Controlled open item ids; pair it with `onValueChange`. */
  value?: string[];
  /** Items open at first when uncontrolled. */
  defaultValue?: string[];
  /** Called with the ids of the open items. */
  onValueChange?: (value: string[]) => void;
}

export type AccordionProps = AccordionSingleProps | AccordionMultipleProps;

/**
 * A list of questions that expand to their answers (Radix Accordion), e.g. the FAQ. Each trigger is a
 * button inside a heading, with `aria-expanded` and `aria-controls`; the answer is a labelled region.
 * Keyboard: Enter/Space toggle, ArrowDown/ArrowUp move between questions, Home/End jump.
 */
export function Accordion(props: AccordionProps) {
  const { items, headingLevel = 3, className, ref } = props;
  const Heading = `h${headingLevel}` as const;
  const rootClass = clsx(styles.root, className);
  const content = items.map((item) => (
    <RadixAccordion.Item key={item.id} value={item.id} disabled={item.disabled} className={styles.item}>
      <RadixAccordion.Header asChild>
        <Heading className={styles.heading}>
          <RadixAccordion.Trigger className={styles.trigger}>
            <span className={styles.question}>{item.question}</span>
            <ChevronDownIcon aria-hidden width={20} height={20} className={styles.chevron} />
          </RadixAccordion.Trigger>
        </Heading>
      </RadixAccordion.Header>
      <RadixAccordion.Content className={styles.content}>
        <div className={styles.answer}>{item.answer}</div>
      </RadixAccordion.Content>
    </RadixAccordion.Item>
  ));

  if (props.type === 'multiple') {
    return (
      <RadixAccordion.Root
        ref={ref}
        type="multiple"
        value={props.value}
        defaultValue={props.defaultValue}
        onValueChange={props.onValueChange}
        className={rootClass}
      >
        {content}
      </RadixAccordion.Root>
    );
  }
  return (
    <RadixAccordion.Root
      ref={ref}
      type="single"
      collapsible={props.collapsible ?? true}
      value={props.value}
      defaultValue={props.defaultValue}
      onValueChange={props.onValueChange}
      className={rootClass}
    >
      {content}
    </RadixAccordion.Root>
  );
}
