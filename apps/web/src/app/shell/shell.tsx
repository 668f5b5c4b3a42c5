import { focusManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useState } from 'react';
import { AntdConfig } from '../../lib/antd-config';
import { usePreferences } from '../../lib/preferences';
import { SessionGate } from './session-gate';
import './shell.css';

// TanStack Query only watches `visibilitychange`; switching back from another window fires `focus` alone, and that is
// exactly when role edits made elsewhere should show (session queries opt in to refetch on focus).
focusManager.setEventListener((setFocused) => {
  const onFocus = () => setFocused(true);
  const onBlur = () => setFocused(false);
  const onVisibility = () => setFocused(document.visibilityState === 'visible');
  window.addEventListener('focus', onFocus);
  window.addEventListener('blur', onBlur);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('focus', onFocus);
    window.removeEventListener('blur', onBlur);
    document.removeEventListener('visibilitychange', onVisibility);
  };
});

/** The signed-in frame: antd theme and locale, the query cache, then the session and the layout. */
export default function Shell() {
  const { language } = usePreferences();
  // One cache per signed-in stretch: after a failed session start and a new sign-in, nothing of the old one is reused.
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
  );
  useEffect(() => {
    dayjs.locale(language === 'en-US' ? 'en' : 'zh-cn');
  }, [language]);
  return (
    <AntdConfig>
      <AntApp className="shell-app">
        <QueryClientProvider client={queryClient}>
          <SessionGate />
        </QueryClientProvider>
      </AntApp>
    </AntdConfig>
  );
}
