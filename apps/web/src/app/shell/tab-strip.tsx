import { CloseOutlined, EllipsisOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs, type MenuProps } from 'antd';
import { cloneElement, useEffect, useRef, useState, type HTMLAttributes, type KeyboardEvent, type MouseEvent, type ReactElement, type ReactNode, type RefObject } from 'react';
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

/** The strip's element id; antd names each tab's element `${id}-tab-${key}` from it. */
const STRIP_ID = 'shell-tabs';
const tabElement = (key: string) => document.getElementById(`${STRIP_ID}-tab-${key}`);

/**
 * Visited pages as tabs; right-click one for Refresh / Close / Close Others / Close All. The pinned tab has no ×.
 *
 * ARIA allows nothing but tabs in a tablist, where antd's editable tabs put a close button beside each tab and a list
 * of the hidden ones. So a tab's × is drawn inside the tab for the mouse, hidden from assistive technology, and the
 * keyboard closes the focused tab with Delete or Backspace (as ARIA's tabs pattern does); a middle-click closes the tab
 * under the pointer. The list of every tab, shown when they overflow, is a button after the tablist.
 */
export function TabStrip({ tabs, activeKey, actions }: TabStripProps) {
  const t = useMessages(shellMessages);
  const { menus } = useShellSession();
  const titleOf = (tab: VisitedTab) => menus.routes.get(tab.path)?.title || t.noName;
  const closable = (tab: VisitedTab) => !menus.routes.get(tab.path)?.affix;

  const contextMenu = (tab: VisitedTab): MenuProps => ({
    style: { width: TAB_MENU_WIDTH },
    items: [
      { key: 'refresh', label: t.refresh },
      { key: 'close', label: t.close, disabled: !closable(tab) },
      { key: 'closeOthers', label: t.closeOthers },
      { key: 'closeAll', label: t.closeAll },
    ],
    onClick: ({ key: action, domEvent }) => {
      // The click must not also reach the tab underneath and select it.
      domEvent.stopPropagation();
      if (action === 'refresh') actions.refresh(tab.key);
      else if (action === 'close') actions.close(tab.key);
      else if (action === 'closeOthers') actions.closeOthers(tab.key);
      else actions.closeAll();
    },
  });

  // Focus goes on to the next tab (the previous one after the last), not to the page, so Delete can go on closing.
  const closeFocused = (index: number) => {
    const neighbour = tabs[index + 1] ?? tabs[index - 1];
    if (neighbour) tabElement(neighbour.key)?.focus();
    actions.close(tabs[index]!.key);
  };

  const listMenu: MenuProps = {
    items: tabs.map((tab) => ({ key: tab.key, label: titleOf(tab) })),
    selectable: true,
    selectedKeys: activeKey ? [activeKey] : [],
    onClick: ({ key }) => actions.select(key),
  };

  return (
    <Tabs
      id={STRIP_ID}
      className="shell-tabs"
      type="card"
      size="small"
      activeKey={activeKey ?? undefined}
      onChange={actions.select}
      items={tabs.map((tab) => ({
        key: tab.key,
        label: (
          <>
            {titleOf(tab)}
            {closable(tab) && (
              <span
                className="shell-tab__close"
                aria-hidden
                onClick={(event) => {
                  // Not a click on the tab: it would select the tab being closed.
                  event.stopPropagation();
                  actions.close(tab.key);
                }}
              >
                <CloseOutlined />
              </span>
            )}
          </>
        ),
      }))}
      renderTabBar={(props, DefaultTabBar) => (
        <TabBar list={listMenu} listLabel={t.allTabs}>
          {/* Told it is on a phone, antd leaves out its list of hidden tabs (a button inside the tablist): TabBar draws
              one after it. */}
          <DefaultTabBar {...props} mobile>
            {(node) => {
              const index = tabs.findIndex((tab) => tab.key === node.key);
              const tab = tabs[index]!;
              const gestures = closable(tab)
                ? {
                    onKeyDown: (event: KeyboardEvent) => {
                      if (event.key !== 'Delete' && event.key !== 'Backspace') return;
                      event.preventDefault();
                      closeFocused(index);
                    },
                    onMouseDown: (event: MouseEvent) => {
                      if (event.button !== 1) return;
                      // The middle button would also start the browser's autoscroll.
                      event.preventDefault();
                      actions.close(tab.key);
                    },
                  }
                : {};
              return (
                <Dropdown key={node.key} trigger={['contextMenu']} menu={contextMenu(tab)}>
                  {/* antd's element for the tab (a div) handles neither keys nor mouse-down itself: nothing is
                      replaced. */}
                  {cloneElement(node as ReactElement<HTMLAttributes<HTMLDivElement>>, gestures)}
                </Dropdown>
              );
            }}
          </DefaultTabBar>
        </TabBar>
      )}
    />
  );
}

/** The tablist, and after it, while the tabs are wider than the strip, a button listing every tab. */
function TabBar({ children, list, listLabel }: { children: ReactNode; list: MenuProps; listLabel: string }) {
  const bar = useRef<HTMLDivElement>(null);
  const overflowing = useOverflowing(bar);
  return (
    <div ref={bar} className="shell-tabs__bar">
      {children}
      {overflowing && (
        <Dropdown trigger={['click']} menu={list}>
          <Button type="text" size="small" className="shell-tabs__list" aria-label={listLabel} icon={<EllipsisOutlined />} />
        </Dropdown>
      )}
    </div>
  );
}

/** Whether antd's row of tabs is wider than the part of it in view (antd then scrolls it), as either resizes. */
function useOverflowing(bar: RefObject<HTMLDivElement | null>): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const view = bar.current?.querySelector<HTMLElement>('.ant-tabs-nav-wrap');
    const row = view?.querySelector<HTMLElement>('.ant-tabs-nav-list');
    if (!view || !row) return;
    const observer = new ResizeObserver(() => setOverflowing(row.offsetWidth > view.clientWidth));
    observer.observe(view);
    observer.observe(row);
    return () => observer.disconnect();
  }, [bar]);
  return overflowing;
}
