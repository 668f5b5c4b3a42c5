/** The spec's §9 constants, and the shell's own storage keys, in one place. */
export { TOKEN_COOKIE } from '@juqi/contract';
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const REQUEST_TIMEOUT_MS = 5_000_000;
export const TOAST_DURATION_MS = 5000;
export const DEBOUNCE_MS = 300;

/** Layout (§9): sidebar width, its collapsed icon rail, the mobile breakpoint (below it: mobile), tab context menu width. */
export const SIDEBAR_WIDTH = 180;
export const SIDEBAR_COLLAPSED_WIDTH = 64;
export const MOBILE_BREAKPOINT = 992;
export const TAB_MENU_WIDTH = 105;

/** Seconds before another SMS code may be requested, when the server does not say. */
export const SMS_RESEND_SECONDS = 60;

/** Browser storage: preferences survive sign-out; open tabs live as long as the browser tab (sessionStorage). */
export const LANGUAGE_STORAGE_KEY = 'juqi-language';
export const THEME_STORAGE_KEY = 'juqi-theme';
export const VISITED_TABS_STORAGE_KEY = 'juqi-visited-tabs';
