import { DownOutlined } from '@ant-design/icons';
import { Dropdown, Spin, type MenuProps } from 'antd';
import { Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { ConfirmCloseDrawer } from '../../components/confirm-close-drawer';
import { NameAvatar } from '../../components/name-avatar';
import { useMessages } from '../../lib/i18n';
import { loadPage } from '../../lib/page-load';
import { usePreferences, type Language } from '../../lib/preferences';
import { loginPath } from '../../lib/redirect';
import { LANGUAGE_NAMES, shellMessages } from './messages';
import { useShellSession } from '../../lib/shell-session';
import { useLayout } from './layout-store';
import { shellSlots } from './slots';
import { useVisitedTabs } from './visited-tabs';

const ENTRY_PREFIX = 'entry:';

/**
 * Avatar and full name (the avatar alone reads 理员 for 超级管理员); below the mobile breakpoint the crowded top bar
 * keeps only the avatar, with the full name in its tooltip. The menu holds the modules' entries (the personal centre,
 * which changes one's own avatar, password and phone), language, theme and log out.
 */
export function UserMenu() {
  const t = useMessages(shellMessages);
  const { profile } = useShellSession();
  const mobile = useLayout((s) => s.mobile);
  const { language, theme, setLanguage, setTheme } = usePreferences();
  const { pathname, search } = useLocation();
  const [openEntry, setOpenEntry] = useState<string | null>(null);

  /** Logs out; after one's own password changed, the session has ended already and the sign-in page says why. */
  const logout = async (passwordChanged = false) => {
    for (const step of shellSlots.signOutSteps) await step({ sessionEnded: passwordChanged });
    useVisitedTabs.getState().closeAll();
    // A full load at the sign-in page drops every cache and store of this session (§4).
    loadPage(loginPath(pathname + search, passwordChanged ? 'password_changed' : undefined));
  };

  const entries: MenuProps['items'] = shellSlots.userMenu.map((entry) => ({ key: ENTRY_PREFIX + entry.key, label: entry.title[language] }));
  const items: MenuProps['items'] = [
    ...(entries.length ? [...entries, { type: 'divider' as const }] : []),
    // Groups, not submenus: a submenu's pop-up outlived the menu when a choice re-rendered the app mid-animation, and
    // opening one by hover does not work on a phone.
    {
      type: 'group',
      key: 'language',
      label: t.language,
      children: (Object.keys(LANGUAGE_NAMES) as Language[]).map((value) => ({
        key: `language:${value}`,
        label: LANGUAGE_NAMES[value],
        disabled: value === language,
      })),
    },
    {
      type: 'group',
      key: 'theme',
      label: t.theme,
      children: [
        { key: 'theme:light', label: t.themeLight, disabled: theme === 'light' },
        { key: 'theme:dark', label: t.themeDark, disabled: theme === 'dark' },
      ],
    },
    { type: 'divider' },
    { key: 'logout', label: t.logout, danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith(ENTRY_PREFIX)) setOpenEntry(key.slice(ENTRY_PREFIX.length));
    else if (key === 'logout') void logout();
    else if (key.startsWith('language:')) setLanguage(key.slice('language:'.length) as Language);
    else if (key === 'theme:light' || key === 'theme:dark') setTheme(key === 'theme:dark' ? 'dark' : 'light');
  };

  return (
    <>
      <Dropdown trigger={['click']} menu={{ items, onClick }} placement="bottomRight">
        {/*
          Named by its content — the full name, then 用户菜单 — not by aria-label: a label would have to contain all the
          button shows (WCAG 2.5.3, label in name), the avatar's 理员 included, which says nothing to a screen reader.
        */}
        <button type="button" className="shell-user">
          <NameAvatar size="small" className="shell-user__avatar" aria-hidden name={profile.user_name} src={profile.user_face} />
          {!mobile && <span className="shell-user__name">{profile.user_name}</span>}
          <span className="visually-hidden">{t.userMenu}</span>
          <DownOutlined aria-hidden className="shell-user__caret" />
        </button>
      </Dropdown>
      {shellSlots.userMenu.map(({ key, title, Panel }) => (
        // Destroyed when closed: what was typed and not saved goes with it, as the staff agreed when closing.
        <ConfirmCloseDrawer key={key} title={title[language]} open={openEntry === key} onClose={() => setOpenEntry(null)} destroyOnHidden>
          <Suspense fallback={<Spin />}>
            <Panel
              profile={profile}
              details={[
                { key: 'name', label: t.name, children: profile.user_name },
                { key: 'staffNum', label: t.staffNum, children: profile.staff_num },
                { key: 'account', label: t.account, children: profile.is_super_admin ? t.superAdmin : t.staff },
              ]}
              onSignedOut={() => void logout(true)}
            />
          </Suspense>
        </ConfirmCloseDrawer>
      ))}
    </>
  );
}
