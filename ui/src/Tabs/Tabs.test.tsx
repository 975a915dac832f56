import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { type TabItem, Tabs } from './Tabs';

const tabs: TabItem[] = [
  { value: 'overview', label: 'Overview', content: 'Overview panel' },
  { value: 'process', label: 'Process', content: 'Process panel' },
  { value: 'team', label: 'Team', content: 'Team panel', disabled: true },
  { value: 'results', label: 'Results', content: 'Results panel' },
];
const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('names the tab list, selects the first enabled tab and links tab and panel', () => {
    render(<Tabs tabs={tabs} label="Case study" />);
    expect(screen.getByRole('tablist', { name: 'Case study' })).toBeInTheDocument();
    expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Overview' });
    expect(panel).toHaveTextContent('Overview panel');
    expect(tab('Overview')).toHaveAttribute('aria-controls', panel.id);
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
  });

  it('skips a disabled first tab when choosing the default', () => {
    render(<Tabs tabs={[{ value: 'overview', label: 'Overview', content: 'Overview panel', disabled: true }, ...tabs.slice(1)]} label="Case study" />);
    expect(tab('Process')).toHaveAttribute('aria-selected', 'true');
  });

  it('ArrowRight/ArrowLeft move and select (wrapping, skipping disabled tabs); Home/End jump', async () => {
    const onValueChange = vi.fn();
    render(<Tabs tabs={tabs} label="Case study" onValueChange={onValueChange} />);
    await userEvent.keyboard('{Tab}');
    expect(tab('Overview')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Process')).toHaveFocus();
    expect(tab('Process')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Process panel');
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Results')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Overview')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(tab('Results')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(tab('Overview')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(tab('Results')).toHaveFocus();
    expect(onValueChange.mock.calls.map(([value]) => value)).toEqual(['process', 'results', 'overview', 'results', 'overview', 'results']);
  });

  it('in manual mode arrows only move focus; Enter and Space select', async () => {
    render(<Tabs tabs={tabs} label="Case study" activationMode="manual" />);
    tab('Overview').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Process')).toHaveFocus();
    expect(tab('Process')).toHaveAttribute('aria-selected', 'false');
    await userEvent.keyboard('{Enter}');
    expect(tab('Process')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.keyboard(' ');
    expect(tab('Results')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Results panel');
  });

  it('Tab from the selected tab moves into its panel', async () => {
    render(<Tabs tabs={tabs} label="Case study" defaultValue="process" />);
    await userEvent.keyboard('{Tab}');
    expect(tab('Process')).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('tabpanel', { name: 'Process' })).toHaveFocus();
  });

  it('does not select a disabled tab on click and works controlled', async () => {
    function Controlled() {
      const [value, setValue] = useState('results');
      return <Tabs tabs={tabs} label="Case study" value={value} onValueChange={setValue} />;
    }
    render(<Controlled />);
    expect(tab('Results')).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(tab('Team'), { force: true });
    expect(tab('Team')).toHaveAttribute('aria-selected', 'false');
    await userEvent.click(tab('Overview'));
    expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
  });
});
