import { DownOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import type { MenuNode } from '@juqi/contract';
import { Button, Dropdown, Layout, Menu, Segmented, Space, Spin, Tooltip, Typography, type MenuProps } from 'antd';
import { Fragment, Suspense, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmCloseDrawer } from '../../components/confirm-close-drawer';
import { format, useMessages } from '../../lib/i18n';
import { usePreferences, type Language, type ThemeMode } from '../../lib/preferences';
import { DASHBOARD_PATH } from '../../lib/redirect';
import { useSiteDetails } from '../../lib/site-details';
import { useTopBarPanel } from '../../lib/top-bar-panel';
import { useLayout } from './layout-store';
import { menuIcon } from '../../components/menu-icons';
import { normalizePath, resolvePath } from '../../lib/menu-routes';
import { LANGUAGE_NAMES, shellMessages } from './messages';
import { useShellSession } from '../../lib/shell-session';
import { shellSlots } from './slots';
import { UserMenu } from './user-menu';

/** The shell's own drawer, beside the modules' panels. */
const DISPLAY_SETTINGS = 'shell:display-settings';

/** Logo or site name, section tabs, the modules' buttons (messages, help), display settings and the user menu. */
export function TopBar({ hasSidebar, section }: { hasSidebar: boolean; section: MenuNode | undefined }) {
  const t = useMessages(shellMessages);
  const language = usePreferences((s) => s.language);
  const site = useSiteDetails();
  const { menus } = useShellSession();
  const navigate = useNavigate();
  const { sidebarOpen, mobile, overlayOpen, toggleSidebar, closeOverlay } = useLayout();
  const { open: panel, show: setPanel } = useTopBarPanel();
  const expanded = mobile ? overlayOpen : sidebarOpen;
  const sectionItems: MenuProps['items'] = menus.tree
    .filter((node) => !node.hidden)
    .map((node) => ({ key: normalizePath(node.path), icon: menuIcon(node.icon), label: node.name }));
  const selectedSection = section ? [normalizePath(section.path)] : [];
  // Straight to the section's first page, in one navigation, rather than through the section's own path and its redirect.
  const openSection: MenuProps['onClick'] = ({ key }) => {
    const resolution = resolvePath(menus, key);
    navigate(resolution.kind === 'redirect' ? resolution.to : key);
  };

  const action = (key: string, label: string, icon: ReactNode) => (
    <ActionButton
      label={label}
      icon={icon}
      onClick={() => {
        // A drawer opened over the mobile sidebar would sit under it.
        closeOverlay();
        setPanel(key);
      }}
    />
  );
  const closePanel = () => setPanel(null);

  return (
    <Layout.Header className="shell-header">
      {hasSidebar && (
        <Button
          type="text"
          className="shell-header__button"
          aria-label={t.toggleSidebar}
          aria-expanded={expanded}
          icon={expanded ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          onClick={toggleSidebar}
        />
      )}
      <Link to={DASHBOARD_PATH} className="shell-brand">
        {site?.pc_logo ? (
          <img className="shell-brand__logo" src={site.pc_logo} alt={site.website} />
        ) : (
          <span className="shell-brand__name">{site?.website}</span>
        )}
        <span className="shell-brand__platform">{t.platform}</span>
      </Link>
      {mobile ? (
        // A phone has no room for the section tabs: one button names the current section and lists the others.
        <div className="shell-sections">
          <Dropdown trigger={['click']} menu={{ items: sectionItems, selectable: true, selectedKeys: selectedSection, onClick: openSection }}>
            {/* The name says what the button is and, like its text, the section it shows (WCAG 2.5.3, label in name). */}
            <button type="button" className="shell-user" aria-label={section ? format(t.currentSection, { name: section.name }) : t.sections}>
              {section?.name ?? t.sections}
              <DownOutlined aria-hidden className="shell-user__caret" />
            </button>
          </Dropdown>
        </div>
      ) : (
        <Menu
          className="shell-sections"
          theme="dark"
          mode="horizontal"
          aria-label={t.sections}
          selectedKeys={selectedSection}
          items={sectionItems}
          onClick={openSection}
        />
      )}
      <Space size={2} className="shell-header__actions">
        {shellSlots.topBarPanels.map(({ key, title, icon: Icon, Decoration = Fragment }) => (
          <Decoration key={key}>{action(key, title[language], <Icon />)}</Decoration>
        ))}
        {action(DISPLAY_SETTINGS, t.settings, <SettingOutlined />)}
        <UserMenu />
      </Space>
      {shellSlots.topBarPanels.map(({ key, title, Panel: Content, width }) => (
        <ConfirmCloseDrawer key={key} title={title[language]} size={mobile ? '100%' : width} open={panel === key} onClose={closePanel}>
          <Suspense fallback={<Spin />}>
            <Content />
          </Suspense>
        </ConfirmCloseDrawer>
      ))}
      <ConfirmCloseDrawer title={t.settings} open={panel === DISPLAY_SETTINGS} onClose={closePanel}>
        <DisplaySettings />
      </ConfirmCloseDrawer>
    </Layout.Header>
  );
}

/**
 * A top-bar icon button with its name as a tooltip for the mouse. A tap also sends mouse events, and the tooltip they
 * open would stay on screen after the finger has gone, so a touch pointer opens none; a click closes it.
 */
function ActionButton({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  const [tooltip, setTooltip] = useState(false);
  const pointer = useRef('mouse');
  return (
    <Tooltip title={label} open={tooltip} onOpenChange={(open) => setTooltip(open && pointer.current === 'mouse')}>
      <Button
        type="text"
        className="shell-header__button"
        aria-label={label}
        icon={icon}
        // Pointer events come before the mouse events a tap sends, so the tooltip knows what opened it.
        onPointerEnter={(event) => {
          pointer.current = event.pointerType;
        }}
        onPointerDown={(event) => {
          pointer.current = event.pointerType;
        }}
        onClick={() => {
          setTooltip(false);
          onClick();
        }}
      />
    </Tooltip>
  );
}

function DisplaySettings() {
  const t = useMessages(shellMessages);
  const { language, theme, setLanguage, setTheme } = usePreferences();
  return (
    <Space orientation="vertical" size="large">
      <div>
        <Typography.Title level={5}>{t.theme}</Typography.Title>
        <Segmented<ThemeMode>
          value={theme}
          onChange={setTheme}
          options={[
            { value: 'light', label: t.themeLight },
            { value: 'dark', label: t.themeDark },
          ]}
        />
      </div>
      <div>
        <Typography.Title level={5}>{t.language}</Typography.Title>
        <Segmented<Language>
          value={language}
          onChange={setLanguage}
          options={(Object.keys(LANGUAGE_NAMES) as Language[]).map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
        />
      </div>
    </Space>
  );
}
