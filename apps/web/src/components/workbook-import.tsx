import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { ErrorCode, type AnyCall, type CallData, type Envelope, type ErrorDetails } from '@juqi/contract';
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { sendForm } from '../lib/api-client';
import { useExport } from '../lib/export-file';
import { defineMessages, format, useMessages } from '../lib/i18n';
import { useCan } from '../lib/shell-session';

const importMessages = defineMessages({
  'zh-CN': {
    template: '下载导入模板',
    choose: '选择 .xlsx 文件',
    notXlsx: '请选择 .xlsx 格式的 Excel 文件',
    tooLarge: '文件不能超过 {mb} MB',
    network: '网络异常，请稍后重试',
    refused: '{count} 处数据未通过校验，未导入任何数据。请修改后重新导入：',
    firstListed: '下表列出前 {shown} 处。',
    row: '行号',
    column: '列',
    reason: '原因',
  },
  'en-US': {
    template: 'Download the template',
    choose: 'Choose an .xlsx file',
    notXlsx: 'Choose an Excel .xlsx file',
    tooLarge: 'The file may be at most {mb} MB',
    network: 'Network error; try again later',
    refused: '1 problem found; nothing was imported. Correct it and import again:|{count} problems found; nothing was imported. Correct them and import again:',
    firstListed: 'The first {shown} are listed below.',
    row: 'Row',
    column: 'Column',
    reason: 'Reason',
  },
});

type ImportProblem = NonNullable<ErrorDetails['rows']>[number];
type Outcome<R> = { kind: 'imported'; result: R } | { kind: 'refused'; rows: ImportProblem[]; count: number } | { kind: 'failed'; message: string };

/** What one import screen says and sends: its call, its template, its limit, and the text fields sent before the file. */
export interface WorkbookImportProps<C extends AnyCall> {
  call: C;
  template: { call: AnyCall; fallbackName: string };
  maxBytes: number;
  /** What the import does and its limits, above the buttons. */
  hint: string;
  /** The counts of a file imported. */
  done: (result: CallData<C>) => string;
  /** Text fields sent before the file (the server reads them first). */
  fields?: Record<string, string>;
  onImported?: (result: CallData<C>) => void;
}

/**
 * An import's multipart POST (`callApi` sends JSON only). The answer's envelope decides: 40000 carrying `rows` is the
 * per-row report; any other refusal is shown with the server's message.
 */
async function sendWorkbook<C extends AnyCall>(call: C, file: File, fields: Record<string, string>, networkText: string): Promise<Outcome<CallData<C>>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  let body: Envelope<CallData<C> | ErrorDetails | null>;
  try {
    body = await sendForm<CallData<C> | ErrorDetails | null>(call, form);
  } catch {
    return { kind: 'failed', message: networkText };
  }
  if (body.code === ErrorCode.OK) return { kind: 'imported', result: body.data as CallData<C> };
  const details = body.data as ErrorDetails | null;
  const rows = details?.rows;
  return rows?.length ? { kind: 'refused', rows, count: details?.problems ?? rows.length } : { kind: 'failed', message: body.message };
}

/**
 * An all-or-nothing workbook import (docs/personnel.md › Import and export, docs/marketplace.md › Order import): the
 * template to download, an .xlsx picked and sent (its name and size checked first), then the counts, or every refused
 * row (row number, column, reason) when the file was refused.
 */
export function WorkbookImport<C extends AnyCall>(props: WorkbookImportProps<C>) {
  const t = useMessages(importMessages);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome<CallData<C>> | null>(null);
  const template = useExport(props.template.call, props.template.fallbackName);
  const mb = props.maxBytes / 1024 / 1024;

  const send = async (file: File) => {
    if (!file.name.toLowerCase().endsWith('.xlsx')) return setOutcome({ kind: 'failed', message: t.notXlsx });
    if (file.size > props.maxBytes) return setOutcome({ kind: 'failed', message: format(t.tooLarge, { mb }) });
    setSending(true);
    setOutcome(null);
    const result = await sendWorkbook(props.call, file, props.fields ?? {}, t.network);
    setSending(false);
    setOutcome(result);
    if (result.kind === 'imported') props.onImported?.(result.result);
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {props.hint}
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
      {outcome?.kind === 'imported' && <Alert type="success" showIcon title={props.done(outcome.result)} />}
      {outcome?.kind === 'failed' && <Alert type="error" showIcon title={outcome.message} />}
      {outcome?.kind === 'refused' && (
        <>
          <Alert type="error" showIcon title={format(t.refused, { count: outcome.count })} description={outcome.count > outcome.rows.length ? format(t.firstListed, { shown: outcome.rows.length }) : undefined} />
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
  );
}

/**
 * An import beside a list's 新增: its button (导入 Excel) and, in a dialog, the workbook import — for holders of
 * `operation` only.
 */
export function WorkbookImportButton<C extends AnyCall>({ operation, label, title, ...props }: WorkbookImportProps<C> & { operation: string; label: string; title: string }) {
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can(operation)) return null;
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal open={open} title={title} onCancel={() => setOpen(false)} footer={null} width={720} destroyOnHidden>
        <WorkbookImport {...props} />
      </Modal>
    </>
  );
}
