import { ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useSyncExternalStore, type ReactNode } from 'react';
import { usePreferences } from './preferences';

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
      theme={{ algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm, token: { motion: !reducedMotion } }}
    >
      {children}
    </ConfigProvider>
  );
}
