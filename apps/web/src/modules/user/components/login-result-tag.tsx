import type { LoginRecord } from '@juqi/contract';
import { CellTag } from '../../../components/table-cells';
import { useMessages } from '../../../lib/i18n';
import { userMessages } from '../messages';

/** How a sign-in ended: green for success, red otherwise. */
export function LoginResultTag({ result }: { result: LoginRecord['result'] }) {
  const t = useMessages(userMessages);
  return <CellTag tone={result === 'success' ? 'success' : 'error'}>{t[`result_${result}`]}</CellTag>;
}
