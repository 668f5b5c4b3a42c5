import { ErrorCode } from '@juqi/contract';
import { Button, Result } from 'antd';
import { ApiError } from '../lib/api-errors';
import { useMessages } from '../lib/i18n';
import { commonMessages } from './messages';

/**
 * Data that could not load: 403 when the staff may not see it, otherwise the error with a retry button. `compact` for a
 * part of a page (a drawer's panel), where a full error page would be too loud.
 */
export function QueryFailure({ error, onRetry, compact }: { error: Error; onRetry: () => void; compact?: boolean }) {
  const t = useMessages(commonMessages);
  if (error instanceof ApiError && error.code === ErrorCode.FORBIDDEN) {
    return <Result status="403" title={t.noPermission} subTitle={error.message} />;
  }
  return (
    <Result
      status={compact ? 'warning' : 'error'}
      title={t.loadFailed}
      subTitle={error.message}
      extra={<Button onClick={onRetry}>{t.retry}</Button>}
      className={compact ? 'query-failure--compact' : undefined}
    />
  );
}
