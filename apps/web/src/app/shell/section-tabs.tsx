import { Tabs } from 'antd';
import { createElement, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { usePreferences } from '../../lib/preferences';
import { useCan } from '../../lib/shell-session';
import type { LocalText } from '../../lib/web-module';

/**
 * A screen several pages serve (`screenOf`): each section the staff may see a tab, in order; one alone is the screen
 * itself. Only the open tab is drawn, and leaving it clears the query string: a section's filters live there (two lists
 * would read each other's), and the tab opened starts from its own defaults.
 */
export function SectionTabs({ sections }: { sections: { label: LocalText; operation?: string; Component: ComponentType }[] }) {
  const language = usePreferences((s) => s.language);
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const visible = sections.filter((section) => !section.operation || can(section.operation));
  if (visible.length === 1) return createElement(visible[0]!.Component);
  return (
    <Tabs
      className="section-tabs"
      destroyOnHidden
      onChange={() => params.size > 0 && setParams(new URLSearchParams())}
      items={visible.map(({ label, Component }, index) => ({ key: String(index), label: label[language], children: <Component /> }))}
    />
  );
}
