import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { informCalls, type AnnouncementClass, type PopupTemplate } from '@juqi/contract';
import { Button, Space, type TableColumnsType } from 'antd';
import { DeleteButton } from '../../../components/delete-button';
import { RecordsPage } from '../../../components/records/records-page';
import { useState } from 'react';
import { useCan } from '../../../lib/shell-session';
import { useCallMutation } from '../../../lib/call-hooks';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { POPUP_TEMPLATE_READS } from '../api/keys';
import { classLabels, informMessages } from '../messages';
import { ClassFilter, MANAGE_TAB, POPUP_TEMPLATES_URL } from './manage-filters';
import { CloseTypeTags } from './popup-display';
import { popupBody } from './popup-fields';
import { PopupTemplateModal } from './popup-template-modal';
import { usePreviewPopup } from './use-preview-popup';

/** Pop-up templates ("site show templates"): the display of an announcement, to publish from; add, edit, delete, preview. */
export function PopupTemplates() {
  const t = useMessages(informMessages);
  const dateTime = useDateTime();
  const classes = useMessages(classLabels);
  const mayEdit = useCan()('notification.template.edit');
  const previewPopup = usePreviewPopup();
  const remove = useCallMutation(informCalls.siteShowTemplateDelete, POPUP_TEMPLATE_READS);
  // undefined: closed; null: a new template; otherwise that template.
  const [editing, setEditing] = useState<PopupTemplate | null | undefined>(undefined);

  const columns: TableColumnsType<PopupTemplate> = [
    { key: 'name', dataIndex: 'name', title: t.name, width: 200, ellipsis: true },
    { key: 'class', dataIndex: 'class', title: t.class, width: 110, render: (value: AnnouncementClass) => classes[value] },
    { key: 'title', dataIndex: 'title', title: t.title, ellipsis: true },
    { key: 'close_type', dataIndex: 'close_type', title: t.closeType, width: 220, render: (value: PopupTemplate['close_type']) => <CloseTypeTags value={value} /> },
    { key: 'updated_at', dataIndex: 'updated_at', title: t.updatedAt, width: 150, render: (value: string) => dateTime(value) },
    {
      key: 'actions',
      title: t.actions,
      width: mayEdit ? 230 : 90,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => previewPopup(popupBody(row), true)}>
            {t.preview}
          </Button>
          {mayEdit && (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(row)}>
              {t.edit}
            </Button>
          )}
          {mayEdit && <DeleteButton confirm={format(t.deletePopupTemplateConfirm, { name: row.name })} onDelete={() => remove.mutateAsync({ id: row.id })} />}
        </Space>
      ),
    },
  ];

  return (
    <>
      <RecordsPage
        inTab={MANAGE_TAB}
        url={POPUP_TEMPLATES_URL}
        list={informCalls.siteShowTemplateList}
        keywordLabel={t.nameSearch}
        Filters={ClassFilter}
        tools={
          mayEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t.addPopupTemplate}
            </Button>
          )
        }
        rowKey="id"
        columns={() => columns}
      />
      {editing !== undefined && <PopupTemplateModal template={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
