import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode, Ref } from 'react';
import { clsx } from 'clsx';
import styles from './Tabs.module.css';

/** One tab and its panel. */
export interface TabItem {
  /** Stable value: what `value`/`defaultValue`/`onValueChange` use. */
  value: string;
  /** The tab's text. */
  label: ReactNode;
  /** The panel shown while the tab is selected. */
  content: ReactNode;
  /** Disabled tabs are shown dimmed and skipped by the keyboard. */
  disabled?: boolean;
}

export interface TabsProps {
  /** The tabs, in order. */
  tabs: TabItem[];
  /** Accessible name of the tab list (`aria-label`), e.g. "Project details". */
  label: string;
  /** Selected tab when uncontrolled (default: the first enabled tab). */
  defaultValue?: string;
  /** Controlled selected tab; pair it with `onValueChange`. */
  value?: string;
  /** Called with the value of the newly selected tab. */
  onValueChange?: (value: string) => void;
  /** `automatic` (default): arrows select as they move; `manual`: arrows move focus, Enter/Space select. */
  activationMode?: 'automatic' | 'manual';
  /** Extra class for the root element. */
  className?: string;
  /** Ref to the root element. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * Tabs (Radix Tabs): a tab list with an accent underline on the selected tab, and one panel at a
 * time. Keyboard: ArrowLeft/ArrowRight move (wrapping, skipping disabled tabs), Home/End jump, Tab
 * moves into the panel.
 */
export function Tabs({ tabs, label, defaultValue, value, onValueChange, activationMode = 'automatic', className, ref }: TabsProps) {
  const firstEnabled = tabs.find((tab) => !tab.disabled)?.value;
  return (
    <RadixTabs.Root
      ref={ref}
      value={value}
      defaultValue={value === undefined ? (defaultValue ?? firstEnabled) : undefined}
      onValueChange={onValueChange}
      activationMode={activationMode}
      className={clsx(styles.root, className)}
    >
      <RadixTabs.List aria-label={label} className={styles.list}>
        {tabs.map((tab) => (
          <RadixTabs.Trigger key={tab.value} value={tab.value} disabled={tab.disabled} className={styles.trigger}>
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content key={tab.value} value={tab.value} className={styles.panel}>
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
