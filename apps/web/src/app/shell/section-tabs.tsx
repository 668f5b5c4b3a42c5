import { Tabs } from 'antd';
import { createElement, type ComponentType } from 'react';
import { usePreferences } from '../../lib/preferences';
import { useCan } from '../../lib/shell-session';
import type { LocalText } from '../../lib/web-module';

/**
 * A screen several modules serve (`screenOf`): each section the staff may see a tab, in order; one alone is the screen
 * itself.
 */
export function SectionTabs({ sections }: { sections: { label: LocalText; operation?: string; Component: ComponentType }[] }) {
  const language = usePreferences((s) => s.language);
  const can = useCan();
  const visible = sections.filter((section) => !section.operation || can(section.operation));
  if (visible.length === 1) return createElement(visible[0]!.Component);
  return <Tabs className="section-tabs" items={visible.map(({ label, Component }, index) => ({ key: String(index), label: label[language], children: <Component /> }))} />;
}
