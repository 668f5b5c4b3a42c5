import type { MenuNode } from '@juqi/contract';
import { Layout, Menu, type MenuProps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '../../lib/constants';
import { useLayout } from './layout-store';
import { menuIcon } from '../../components/menu-icons';
import { normalizePath, visibleChildren } from '../../lib/menu-routes';

type Item = Required<MenuProps>['items'][number];

function toItem(node: MenuNode, depth: number): Item {
  const children = visibleChildren(node);
  // Top-level entries always get an icon: it is all the collapsed rail shows.
  const icon = menuIcon(node.icon, depth === 1);
  const key = normalizePath(node.path);
  return children.length
    ? { key, icon, label: node.name, children: children.map((child) => toItem(child, depth + 1)) }
    : { key, icon, label: node.name };
}

/** Keys of the groups above a path, so the active page's group opens. */
function ancestorsOf(nodes: MenuNode[], path: string, trail: string[] = []): string[] | null {
  for (const node of nodes) {
    const key = normalizePath(node.path);
    if (key === path) return trail;
    const found = ancestorsOf(node.children, path, [...trail, key]);
    if (found) return found;
  }
  return null;
}

/**
 * The current section's children. 180 px, collapsible to an icon rail on desktop; on mobile an overlay over the page,
 * closed until the toggle opens it.
 */
export function Sidebar({ section, activePath }: { section: MenuNode; activePath: string }) {
  const navigate = useNavigate();
  const { sidebarOpen, mobile, overlayOpen, closeOverlay } = useLayout();
  const collapsed = !mobile && !sidebarOpen;
  const [openKeys, setOpenKeys] = useState(() => ancestorsOf(section.children, activePath) ?? []);
  // Opening a page in a closed group opens the group (the shell remounts the sidebar per section).
  const [openedFor, setOpenedFor] = useState(activePath);
  if (openedFor !== activePath) {
    setOpenedFor(activePath);
    setOpenKeys([...new Set([...openKeys, ...(ancestorsOf(section.children, activePath) ?? [])])]);
  }

  // On mobile the sidebar exists only while its overlay is open.
  if (mobile && !overlayOpen) return null;

  return (
    <>
      {mobile && <div className="shell-sider-mask" onClick={closeOverlay} />}
      <Layout.Sider
        className={`shell-sider${mobile ? ' shell-sider--overlay' : ''}`}
        theme="light"
        width={SIDEBAR_WIDTH}
        collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
        collapsed={collapsed}
        trigger={null}
      >
        <Menu
          mode="inline"
          items={visibleChildren(section).map((node) => toItem(node, 1))}
          selectedKeys={[activePath]}
          // In the collapsed rail groups are pop-ups that antd opens on hover; controlled keys would pin them open.
          {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
          onClick={({ key }) => {
            navigate(key);
            if (mobile) closeOverlay();
          }}
        />
      </Layout.Sider>
    </>
  );
}
