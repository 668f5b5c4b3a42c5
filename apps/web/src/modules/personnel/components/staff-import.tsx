import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  ErrorCode,
  personnelCalls,
  STAFF_IMPORT_MAX_BYTES,
  STAFF_IMPORT_MAX_ROWS,
  type Envelope,
  type ErrorDetails,
  type StaffImportProblem,
  type StaffImportResult,
} from '@juqi/contract';
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { http } from '../../../lib/api-client';
import { useExport } from '../../../lib/export-file';
import { defineMessages, format, useMessages } from '../../../lib/i18n';
import { useCan } from '../../../lib/shell-session';

const importMessages = defineMessages({
  'zh-CN': {
    import: '导入 Excel',
    title: '导入员工',
    hint: '按导出文件或导入模板的表头填写，每个文件最多 {rows} 行、{mb} MB。身份证号（没有时按手机号）与已有员工相同的行更新该员工有变化的信息，其余行新增；任何一行有误则整个文件不导入。',
    template: '下载导入模板',
    choose: '选择 .xlsx 文件',
    notXlsx: '请选择 .xlsx 格式的 Excel 文件',
    tooLarge: '文件不能超过 {mb} MB',
    network: '网络异常，请稍后重试',
    done: '导入完成：新增 {added} 人，更新 {updated} 人，{unchanged} 人无变化',
    refused: '{count} 处数据未通过校验，未导入任何数据。请修改后重新导入：',
    row: '行号',
    column: '列',
    reason: '原因',
  },
  'en-US': {
    import: 'Import from Excel',
    title: 'Import staff',
    hint: 'Use the headers of an export or of the template; at most {rows} rows and {mb} MB per file. A row whose ID card (or, without one, mobile) matches a record updates what differs in it; other rows are added. If any row is refused, nothing in the file is imported.',
    template: 'Download the template',
    choose: 'Choose an .xlsx file',
    notXlsx: 'Choose an Excel .xlsx file',
    tooLarge: 'The file may be at most {mb} MB',
    network: 'Network error; try again later',
    done: 'Imported: {added} added, {updated} updated, {unchanged} unchanged',
    refused: '1 problem found; nothing was imported. Correct it and import again:|{count} problems found; nothing was imported. Correct them and import again:',
    row: 'Row',
    column: 'Column',
    reason: 'Reason',
  },
});

const MB = STAFF_IMPORT_MAX_BYTES / 1024 / 1024;

type Outcome = { kind: 'imported'; result: StaffImportResult } | { kind: 'refused'; rows: StaffImportProblem[] } | { kind: 'failed'; message: string };

/**
 * POST /api/personnel/staff_import as multipart/form-data (`callApi` sends JSON only). The answer's envelope decides:
 * 40000 carrying `rows` is the per-row report; any other refusal is shown with the server's message.
 */
async function importStaff(file: File, networkText: string): Promise<Outcome> {
  const form = new FormData();
  form.append('file', file, file.name);
  let body: Envelope<StaffImportResult | ErrorDetails | null> | undefined;
  try {
    body = (await http.request<Envelope<StaffImportResult | ErrorDetails | null>>({ method: personnelCalls.import.method, url: personnelCalls.import.path, data: form })).data;
  } catch {
    return { kind: 'failed', message: networkText };
  }
  if (!body || typeof body.code !== 'number') return { kind: 'failed', message: networkText };
  if (body.code === ErrorCode.OK) return { kind: 'imported', result: body.data as StaffImportResult };
  const rows = (body.data as ErrorDetails | null)?.rows;
  return rows?.length ? { kind: 'refused', rows } : { kind: 'failed', message: body.message };
}

/**
 * 导入 Excel on the staff list (docs/personnel.md › Import and export): a dialog to download the template, pick an
 * .xlsx and send it, then the counts, or every refused row (row number, column, reason) when the file was refused.
 * Shown only to holders of personnel.import.
 */
export function StaffImportButton({ onImported }: { onImported?: (result: StaffImportResult) => void }) {
  const t = useMessages(importMessages);
  const can = useCan();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const template = useExport(personnelCalls.importTemplate, 'staff-import-template.xlsx');
  if (!can('personnel.import')) return null;

  const send = async (file: File) => {
    if (!file.name.toLowerCase().endsWith('.xlsx')) return setOutcome({ kind: 'failed', message: t.notXlsx });
    if (file.size > STAFF_IMPORT_MAX_BYTES) return setOutcome({ kind: 'failed', message: format(t.tooLarge, { mb: MB }) });
    setSending(true);
    setOutcome(null);
    const result = await importStaff(file, t.network);
    setSending(false);
    setOutcome(result);
    if (result.kind === 'imported') onImported?.(result.result);
  };

  const close = () => {
    setOpen(false);
    setOutcome(null);
  };

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {t.import}
      </Button>
      <Modal open={open} title={t.title} onCancel={close} footer={null} width={720} destroyOnHidden>
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {format(t.hint, { rows: STAFF_IMPORT_MAX_ROWS, mb: MB })}
          </Typography.Paragraph>
          <Space wrap>
            <Upload accept=".xlsx" showUploadList={false} beforeUpload={(file) => (void send(file), false)}>
              <Button type="primary" icon={<UploadOutlined />} loading={sending}>
                {t.choose}
              </Button>
            </Upload>
            <Button type="link" icon={<DownloadOutlined />} loading={template.progress !== null} onClick={() => void template.start({})}>
              {t.template}
            </Button>
          </Space>
          {outcome?.kind === 'imported' && <Alert type="success" showIcon title={format(t.done, { ...outcome.result })} />}
          {outcome?.kind === 'failed' && <Alert type="error" showIcon title={outcome.message} />}
          {outcome?.kind === 'refused' && (
            <>
              <Alert type="error" showIcon title={format(t.refused, { count: outcome.rows.length })} />
              <Table
                size="small"
                rowKey={(problem) => `${problem.row}:${problem.field}:${problem.message}`}
                dataSource={outcome.rows}
                pagination={outcome.rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
                columns={[
                  { title: t.row, dataIndex: 'row', width: 80 },
                  { title: t.column, key: 'column', width: 160, render: (_, problem) => problem.column || problem.field },
                  { title: t.reason, dataIndex: 'message' },
                ]}
              />
            </>
          )}
        </Space>
      </Modal>
    </>
  );
}
