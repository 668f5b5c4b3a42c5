import { userCalls, type CallBody } from '@juqi/contract';
import { ExportButton as SharedExportButton } from '../../../components/export-button';
import { useMessages } from '../../../lib/i18n';
import { userMessages } from '../messages';

/** Exports every user matching the list's filter: the shared export button (docs/export.md) over `POST /api/user/export`. */
export function ExportButton({ body, count }: { body: CallBody<typeof userCalls.export>; count: number | undefined }) {
  const t = useMessages(userMessages);
  return (
    <SharedExportButton
      call={userCalls.export}
      body={body}
      count={count}
      texts={{ title: t.exportTitle, rows: t.exportRows, done: t.exportDone, nothing: t.exportNothing }}
      fallbackName="users.xlsx"
    />
  );
}
