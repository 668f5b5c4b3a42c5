import type { CloseType } from '@juqi/contract';
import { Space, Tag } from 'antd';
import { useMessages } from '../../../lib/i18n';
import { closeTypeLabels } from '../messages';

/** The ways a pop-up closes, as tags. */
export function CloseTypeTags({ value }: { value: CloseType[] }) {
  const labels = useMessages(closeTypeLabels);
  return (
    <Space size={[0, 4]} wrap>
      {value.map((c) => (
        <Tag key={c}>{labels[c]}</Tag>
      ))}
    </Space>
  );
}
