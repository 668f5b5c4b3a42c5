import { codeName, LOGIN_RESULT_NAMES, type LoginRecord } from '@juqi/contract';
import { CellTag } from '../../../components/table-cells';
import { usePreferences } from '../../../lib/preferences';

/** How a sign-in ended: green for success, red otherwise. */
export function LoginResultTag({ result }: { result: LoginRecord['result'] }) {
  const language = usePreferences((s) => s.language);
  return <CellTag tone={result === 'success' ? 'success' : 'error'}>{codeName(LOGIN_RESULT_NAMES, result, language)}</CellTag>;
}
