import { create } from 'zustand';
import { LANGUAGE_STORAGE_KEY, THEME_STORAGE_KEY } from './constants';

export type Language = 'zh-CN' | 'en-US';
export type ThemeMode = 'light' | 'dark';

interface Preferences {
  language: Language;
  theme: ThemeMode;
  setLanguage: (language: Language) => void;
  setTheme: (theme: ThemeMode) => void;
}

function stored<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const value = localStorage.getItem(key);
    return allowed.includes(value as T) ? (value as T) : fallback;
  } catch {
    // Storage can be blocked (privacy mode); the defaults still work.
    return fallback;
  }
}

function remember(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not persisted, but the choice still applies to this page.
  }
}

/**
 * `lang` drives the Accept-Language header (so server messages follow the UI) and `data-theme` lets the plain-CSS pages
 * (sign-in, 404) follow the theme without loading antd.
 */
function apply(language: Language, theme: ThemeMode): void {
  document.documentElement.lang = language;
  document.documentElement.dataset.theme = theme;
}

/** UI language and theme: zh-CN and light by default, chosen from the user menu, kept in localStorage. */
export const usePreferences = create<Preferences>()((set, get) => {
  const language = stored<Language>(LANGUAGE_STORAGE_KEY, ['zh-CN', 'en-US'], 'zh-CN');
  const theme = stored<ThemeMode>(THEME_STORAGE_KEY, ['light', 'dark'], 'light');
  apply(language, theme);
  return {
    language,
    theme,
    setLanguage: (next) => {
      remember(LANGUAGE_STORAGE_KEY, next);
      apply(next, get().theme);
      set({ language: next });
    },
    setTheme: (next) => {
      remember(THEME_STORAGE_KEY, next);
      apply(get().language, next);
      set({ theme: next });
    },
  };
});
