import type { Profile } from '@juqi/contract';
import type { ComponentType, ReactNode } from 'react';
import type { Language } from './preferences';

/** A page a module offers for one menu path; `load` imports the module's pages barrel, so each module is one chunk. */
export interface WebPage {
  load: () => Promise<{ default: ComponentType }>;
  /** Not kept in the tab cache: remounted on every visit. */
  noCache?: boolean;
  /**
   * This page is one section of a screen with several (业务设置: the businesses, and 业务开通表's fields from the field
   * module; 总关键词库: the keywords and their types): the screen shows each section as a tab, in `order`, named
   * `label`, to staff holding `operation` (all, without one). Every page of a path served by several pages names its
   * section.
   */
  section?: { label: LocalText; order: number; operation?: string };
  /**
   * The query string is the page's own state (its filters, kept in the URL so a reload or a shared link keeps them):
   * the page has one tab, which follows its latest query, instead of a tab per query.
   */
  queryIsState?: boolean;
}

/** A text in every UI language, for what a module names in the shell's frame. */
export type LocalText = Record<Language, string>;

/** A top-bar button that opens a drawer (the notification drawer, the help drawer). */
export interface TopBarPanel {
  /** Distinct among every module's panels. */
  key: string;
  /** Place among the top bar's buttons, lowest first; the shell's own 界面设置 button and the user menu follow them. */
  order: number;
  /** The button's name (its tooltip and accessible name) and the drawer's title. */
  title: LocalText;
  icon: ComponentType;
  /** Wraps the button, e.g. in the unread count; in the shell's chunk, since the button shows at once. */
  Decoration?: ComponentType<{ children: ReactNode }>;
  /** The drawer's content: a `React.lazy` component, so its chunk is fetched the first time the drawer opens. */
  Panel: ComponentType;
  /** The drawer's width on a desktop, in px (on a phone it takes the screen); antd's default when absent. */
  width?: number;
}

/** What the shell gives a user-menu entry's drawer. */
export interface UserMenuPanelProps {
  profile: Profile;
  /** Rows the shell shows about the account: name, staff number, account type. */
  details: { key: string; label: string; children: string }[];
  /** The session has ended from inside the drawer (one's own password changed): the shell signs out. */
  onSignedOut: () => void;
}

/** An entry at the top of the user menu that opens a drawer of its title (the personal centre). */
export interface UserMenuEntry {
  /** Distinct among every module's entries. */
  key: string;
  /** Place among the module entries, lowest first; language, theme and log out follow them. */
  order: number;
  title: LocalText;
  /** A `React.lazy` component: fetched the first time the entry opens. */
  Panel: ComponentType<UserMenuPanelProps>;
}

/**
 * A business module as the web shell sees it: the menu paths it has screens for, and what it adds to the shell's frame.
 * The shell adds a route for a path only when the signed-in staff's menus permit it; a permitted path no module serves
 * shows the placeholder page. The shell imports no module: it renders what `modules/index.ts` lists.
 */
export interface WebModule {
  name: string;
  /** Each menu path's page, or its sections when the module serves one screen with several (总关键词库: keywords, types). */
  pages: Record<string, WebPage | readonly WebPage[]>;
  /** Buttons of the top bar, each with its drawer. */
  topBarPanels?: TopBarPanel[];
  /** Mounted once for the whole signed-in stretch (the upload tray, the live notification stream), each in its own Suspense. */
  shellParts?: ComponentType[];
  userMenu?: UserMenuEntry[];
  /**
   * Runs when the staff logs out, before the page reloads at the sign-in page (the auth module ends the session);
   * `sessionEnded`: the server has ended it already (one's own password changed), so there is nothing to ask it.
   */
  onSignOut?: (how: { sessionEnded: boolean }) => Promise<void>;
}
