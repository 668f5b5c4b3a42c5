/** The spec's §9 constants, in one place. */
export const TOKEN_COOKIE = 'juqi_token';
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const REQUEST_TIMEOUT_MS = 5_000_000;
export const TOAST_DURATION_MS = 5000;
export const DEBOUNCE_MS = 300;
