import { ConfigProvider, theme, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useSyncExternalStore, type ReactNode } from 'react';
import { usePreferences, type ThemeMode } from './preferences';
import './antd-static.css';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the system asks for less motion (an accessibility setting); follows changes while the page is open. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeToReducedMotion, () => window.matchMedia?.(REDUCED_MOTION).matches ?? false);
}

/**
 * antd's colours moved just far enough for WCAG AA — 4.5:1 for text on the theme's backgrounds (container, elevated,
 * layout, and the tinted selection and tag backgrounds) — where antd's defaults fall short: blue #1677ff text is 4.1:1
 * on white, grey rgba(0,0,0,0.45) 3.4:1, red #ff4d4f 3.3:1, a success tag 2.4:1; in dark, blue text is 3.6:1 and red
 * 4.3:1. Light colours are the nearest (CIELAB) to antd's that pass, one blue serving text and filled buttons alike.
 * Dark cannot do that (white on a blue or red and that colour on #141414 cannot both reach 4.5:1): it keeps antd's blue
 * for fills and seeds lighter ones for text. The avatar grey (behind white initials) is app.css's --avatar-bg, which
 * the table cells' avatars share. Checked by lib/antd-config.test.tsx and, on every screen, by axe in
 * e2e/tests/accessibility.spec.ts (docs/ui-conventions.md › Accessibility).
 */
const SUCCESS_TEXT_LIGHT = '#1e8000';
const WARNING_TEXT_LIGHT = '#9e6100';
/** What antd's dark algorithm makes of the colorInfo seed below: the dark theme's blue for text. */
const BLUE_TEXT_DARK = '#74a5dc';
/** The secondary greys (descriptions, placeholders, tertiary text). */
const GREY_TEXT_LIGHT = 'rgba(0, 0, 0, 0.55)';
const GREY_TEXT_DARK = 'rgba(255, 255, 255, 0.5)';
export const ACCESSIBLE_THEME: Record<ThemeMode, Pick<ThemeConfig, 'token' | 'components'>> = {
  light: {
    token: {
      colorPrimary: '#0066eb',
      // Links and processing tags follow colorInfo.
      colorInfo: '#0066eb',
      colorError: '#d62234',
      colorSuccessText: SUCCESS_TEXT_LIGHT,
      colorWarningText: WARNING_TEXT_LIGHT,
      // colorTextDescription follows colorTextTertiary.
      colorTextTertiary: GREY_TEXT_LIGHT,
      colorTextPlaceholder: GREY_TEXT_LIGHT,
    },
    components: {
      // antd's tags write their text in the status colour itself, which stays as it is for icons and dots; a volcano
      // tag (城市设置's 热门) in its shade 7, 4.4:1 on its tint: shade 8 instead.
      Tag: { colorSuccess: SUCCESS_TEXT_LIGHT, colorWarning: WARNING_TEXT_LIGHT, volcano7: '#ad2102' },
      // An empty table's text (人力看板's lists with no one due), which antd writes in the disabled grey (1.8:1),
      // though nothing is disabled.
      Table: { colorTextDisabled: GREY_TEXT_LIGHT },
      // antd paints an avatar in the placeholder grey.
      Avatar: { colorTextPlaceholder: 'var(--avatar-bg)' },
    },
  },
  dark: {
    token: {
      // Links and processing tags follow colorInfo; the dark algorithm turns these seeds into #74a5dc and #dc6966.
      colorInfo: '#85bfff',
      colorError: '#ff7875',
      colorTextTertiary: GREY_TEXT_DARK,
      colorTextPlaceholder: GREY_TEXT_DARK,
      // The primary colour as text (时间日历's today).
      colorPrimaryText: BLUE_TEXT_DARK,
    },
    components: {
      // Where antd writes the selected item, and the group holding it, in the primary blue.
      Tabs: { itemSelectedColor: BLUE_TEXT_DARK },
      Menu: { itemSelectedColor: BLUE_TEXT_DARK, subMenuItemSelectedColor: BLUE_TEXT_DARK },
      Dropdown: { colorPrimary: BLUE_TEXT_DARK },
      // White on the red for text would be 3.4:1: a filled danger button writes in near-black.
      Button: { dangerColor: 'rgba(0, 0, 0, 0.88)' },
      // A coloured tag writes in its colour's shade 7, which for purple and geek blue is under 4.5:1 on their tint:
      // shade 8 instead (字段设置's 唯一, 功能设置's 操作).
      Tag: { purple7: '#ab7ae0', geekblue7: '#7f9ef3' },
      Avatar: { colorTextPlaceholder: 'var(--avatar-bg)' },
      Table: { colorTextDisabled: GREY_TEXT_DARK },
    },
  },
};

/**
 * antd as the staff member set it up: the interface language and the light or dark theme from their preferences, and
 * no animations when the system asks for reduced motion. Wraps the signed-in frame and the toasts and dialogs raised
 * outside it.
 */
export function AntdConfig({ children }: { children: ReactNode }) {
  const { language, theme: mode } = usePreferences();
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider
      locale={language === 'en-US' ? enUS : zhCN}
      theme={{
        algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: { ...ACCESSIBLE_THEME[mode].token, motion: !reducedMotion },
        components: ACCESSIBLE_THEME[mode].components,
        // antd's prebuilt stylesheet (lib/antd-static.css) instead of styles written at run time on each component's
        // first render; the tokens above still reach it as CSS variables (bench/README.md › Start-up).
        zeroRuntime: true,
      }}
    >
      {children}
    </ConfigProvider>
  );
}
