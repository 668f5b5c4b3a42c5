import { useMessages } from '../lib/i18n';
import { appMessages } from './messages';

/** Shown while the shell's code or the session loads; plain markup, as antd may not be loaded yet. */
export function FullPageLoading() {
  const t = useMessages(appMessages);
  return (
    <div className="full-page-loading" role="status">
      <span className="full-page-loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t.loading}</span>
    </div>
  );
}
