import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { type AnnouncementClass, type PopupTemplate } from '@juqi/contract';
import { Button, Space, type TableColumnsType } from 'antd';
import { DeleteButton } from '../../../components/delete-button';
import { useState } from 'react';
import { useCan } from '../../../lib/shell-session';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { useDeletePopupTemplate } from '../api/delete-popup-template';
import { usePopupTemplates } from '../api/get-popup-templates';
import { classLabels, informMessages } from '../messages';
import { ALL_CLASSES, ManageList, useClassFilterOptions, useManageListState, type ClassFilter } from './manage-list';
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
  const classFilterOptions = useClassFilterOptions();
  const state = useManageListState<ClassFilter>(ALL_CLASSES);
  const list = usePopupTemplates({ class: state.filter === ALL_CLASSES ? undefined : state.filter, keyword: state.keyword, page: state.page });
  const remove = useDeletePopupTemplate();
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
          {mayEdit && <DeleteButton confirm={format(t.deletePopupTemplateConfirm, { name: row.name })} onDelete={() => remove.mutateAsync(row.id)} />}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ManageList
        state={state}
        list={list}
        columns={columns}
        filterLabel={t.class}
        filterOptions={classFilterOptions}
        searchLabel={t.nameSearch}
        actions={
          mayEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t.addPopupTemplate}
            </Button>
          )
        }
        scrollX={1000}
      />
      {editing !== undefined && <PopupTemplateModal template={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
