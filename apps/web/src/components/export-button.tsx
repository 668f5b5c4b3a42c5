import { DownloadOutlined } from '@ant-design/icons';
import type { AnyCall, CallBody } from '@juqi/contract';
import { App, Button, Modal, Progress, Space, Tooltip, Typography } from 'antd';
import { useExport, type ExportProgress } from '../lib/export-file';
import { formatFileSize } from '../lib/file-format';
import { defineMessages, format, useMessages } from '../lib/i18n';
import './export-button.css';

const exportMessages = defineMessages({
  'zh-CN': {
    export: '导出 Excel',
    received: '已接收 {received}',
    receivedOf: '已接收 {received}，约 {total}',
    waiting: '正在准备文件…',
    cancel: '取消导出',
    cancelled: '已取消导出',
  },
  'en-US': {
    export: 'Export to Excel',
    received: '{received} received',
    receivedOf: '{received} of about {total} received',
    waiting: 'Preparing the file…',
    cancel: 'Cancel export',
    cancelled: 'Export cancelled',
  },
});

/** What an export says of the things it exports, in the current language. */
export interface ExportTexts {
  /** The progress dialog's title: 导出用户. */
  title: string;
  /** `{rows}` to come: 导出 {rows} 位用户. */
  rows: string;
  /** `{rows}` saved as `{name}`: 已导出 {rows} 位用户：{name}. */
  done: string;
  /** The disabled button's tooltip when nothing matches: 没有符合筛选条件的用户，无可导出. */
  nothing: string;
}

interface ExportButtonProps<C extends AnyCall> {
  /** A call the server answers with `sendWorkbook` (docs/export.md). */
  call: C;
  /** The list's filter and order (not its paging): the file holds every matching row. */
  body: CallBody<C>;
  /** Rows matching the filter, when known: with none the button is disabled. */
  count: number | undefined;
  texts: ExportTexts;
  /** The saved file's name when the server names none. */
  fallbackName: string;
}

/**
 * Exports every row matching a list's filter (not only the rows loaded) to an Excel file the server streams. A dialog
 * shows the bytes received against the server's estimate while it arrives, and can cancel it. With no matching row
 * there is nothing to export: the button is disabled and its tooltip says why.
 */
export function ExportButton<C extends AnyCall>({ call, body, count, texts, fallbackName }: ExportButtonProps<C>) {
  const t = useMessages(exportMessages);
  const { message } = App.useApp();
  const { progress, start, cancel } = useExport(call, fallbackName);

  const empty = count === 0;

  const run = async () => {
    const outcome = await start(body);
    if (outcome.kind === 'saved') void message.success(format(texts.done, { rows: outcome.rows ?? count ?? 0, name: outcome.fileName }));
    else if (outcome.kind === 'cancelled') void message.info(t.cancelled);
  };

  return (
    <>
      {/* A disabled button takes no pointer events: the tooltip listens on a span around it. */}
      <Tooltip title={empty ? texts.nothing : undefined}>
        <span>
          <Button icon={<DownloadOutlined />} disabled={empty} loading={progress !== null} onClick={() => void run()}>
            {t.export}
          </Button>
        </span>
      </Tooltip>
      <Modal
        open={progress !== null}
        title={texts.title}
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        footer={<Button onClick={cancel}>{t.cancel}</Button>}
      >
        {progress && <ExportProgressView progress={progress} title={texts.title} rowsText={texts.rows} />}
      </Modal>
    </>
  );
}

function ExportProgressView({ progress, title, rowsText }: { progress: ExportProgress; title: string; rowsText: string }) {
  const t = useMessages(exportMessages);
  const { received, estimated, rows } = progress;
  // The estimate can be short of the real size: the bar waits at 99 % until the file is complete.
  const percent = estimated ? Math.min(99, Math.floor((received / estimated) * 100)) : 0;
  return (
    <Space orientation="vertical" className="export-progress" aria-live="polite">
      {rows !== null && <Typography.Text>{format(rowsText, { rows, count: rows })}</Typography.Text>}
      <Progress percent={percent} status="active" aria-label={title} />
      <Typography.Text type="secondary">
        {received === 0
          ? t.waiting
          : estimated
            ? format(t.receivedOf, { received: formatFileSize(received), total: formatFileSize(estimated) })
            : format(t.received, { received: formatFileSize(received) })}
      </Typography.Text>
    </Space>
  );
}
