import { Descriptions, Spin } from 'antd';
import { useMessages } from '../../lib/i18n';
import { usePreferences } from '../../lib/preferences';
import { useResourceDetails, type AnyResource } from '../../lib/resource';
import { ConfirmCloseDrawer } from '../confirm-close-drawer';
import { DetailList } from '../detail-list';
import { commonMessages } from '../messages';
import { QueryFailure } from '../query-failure';
import { useResourceCell, useResourceLabel, type ResourceCells } from './resource-cell';

/**
 * One record's every field, as the server holds it now, for staff who may view it (the list shows only the declared
 * columns, and cuts long text). Closing it asks to confirm, as every drawer does (§5).
 */
export function ResourceDetailsDrawer({ resource, id, cells, onClose }: { resource: AnyResource; id: number; cells?: ResourceCells; onClose: () => void }) {
  const t = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const details = useResourceDetails(resource, id);
  const cellOf = useResourceCell(resource, cells, true);
  const labelOf = useResourceLabel(resource);
  return (
    <ConfirmCloseDrawer open size={Object.values(resource.fields).some((field) => field.kind === 'richtext') ? 760 : 520} title={`${t.details} · ${resource.label[language]}`} onClose={onClose}>
      {details.isError ? (
        <QueryFailure compact error={details.error} onRetry={() => void details.refetch()} />
      ) : details.isPending ? (
        <Spin />
      ) : (
        <DetailList column={1} bordered size="small">
          {[...Object.keys(resource.fields), 'updated_at'].map((key) => (
            <Descriptions.Item key={key} label={labelOf(key)}>
              {cellOf(key, details.data)}
            </Descriptions.Item>
          ))}
        </DetailList>
      )}
    </ConfirmCloseDrawer>
  );
}
