import { Dropdown, Tabs, type MenuProps } from 'antd';
import { TAB_MENU_WIDTH } from '../../lib/constants';
import { useMessages } from '../../lib/i18n';
import { shellMessages } from './messages';
import { useShellSession } from '../../lib/shell-session';
import type { VisitedTab } from './visited-tabs';

export interface TabActions {
  select: (key: string) => void;
  refresh: (key: string) => void;
  close: (key: string) => void;
  closeOthers: (key: string) => void;
  closeAll: () => void;
}

interface TabStripProps {
  tabs: VisitedTab[];
  activeKey: string | null;
  actions: TabActions;
}

/** Visited pages as tabs; right-click one for Refresh / Close / Close Others / Close All. The pinned tab has no ×. */
export function TabStrip({ tabs, activeKey, actions }: TabStripProps) {
  const t = useMessages(shellMessages);
  const { menus } = useShellSession();
  const affix = (key: string) => tabs.find((tab) => tab.key === key && menus.routes.get(tab.path)?.affix) !== undefined;

  const contextMenu = (key: string): MenuProps => ({
    style: { width: TAB_MENU_WIDTH },
    items: [
      { key: 'refresh', label: t.refresh },
      { key: 'close', label: t.close, disabled: affix(key) },
      { key: 'closeOthers', label: t.closeOthers },
      { key: 'closeAll', label: t.closeAll },
    ],
    onClick: ({ key: action, domEvent }) => {
      // The click must not also reach the tab underneath and select it.
      domEvent.stopPropagation();
      if (action === 'refresh') actions.refresh(key);
      else if (action === 'close') actions.close(key);
      else if (action === 'closeOthers') actions.closeOthers(key);
      else actions.closeAll();
    },
  });

  return (
    <Tabs
      className="shell-tabs"
      type="editable-card"
      size="small"
      hideAdd
      activeKey={activeKey ?? undefined}
      onChange={actions.select}
      onEdit={(key, action) => action === 'remove' && typeof key === 'string' && actions.close(key)}
      items={tabs.map((tab) => ({
        key: tab.key,
        label: menus.routes.get(tab.path)?.title || t.noName,
        closable: !affix(tab.key),
      }))}
      renderTabBar={(props, DefaultTabBar) => (
        <DefaultTabBar {...props}>
          {(node) => (
            <Dropdown key={node.key} trigger={['contextMenu']} menu={contextMenu(String(node.key))}>
              {node}
            </Dropdown>
          )}
        </DefaultTabBar>
      )}
    />
  );
}
