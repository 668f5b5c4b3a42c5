import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Modal, Progress, Space, Tooltip, Typography } from 'antd';
import { formatFileSize } from '../../../lib/file-format';
import { format, useMessages } from '../../../lib/i18n';
import { useExportUsers, type ExportBody, type ExportProgress } from '../api/export-users';
import { userMessages, type UserTexts } from '../messages';

/**
 * Exports every user matching the filter (not only the rows loaded) to an Excel file the server streams. A dialog shows
 * the bytes received against the server's estimate while it arrives, and can cancel it. With no matching user there is
 * nothing to export: the button is disabled and its tooltip says why.
 */
export function ExportButton({ body, count }: { body: ExportBody; count: number | undefined }) {
  const t = useMessages(userMessages);
  const { message } = App.useApp();
  const { progress, start, cancel } = useExportUsers();

  const empty = count === 0;

  const run = async () => {
    const outcome = await start(body);
    if (outcome.kind === 'saved') void message.success(format(t.exportDone, { rows: outcome.rows ?? count ?? 0, name: outcome.fileName }));
    else if (outcome.kind === 'cancelled') void message.info(t.exportCancelled);
  };

  return (
    <>
      {/* A disabled button takes no pointer events: the tooltip listens on a span around it. */}
      <Tooltip title={empty ? t.exportNothing : undefined}>
        <span>
          <Button icon={<DownloadOutlined />} disabled={empty} loading={progress !== null} onClick={() => void run()}>
            {t.export}
          </Button>
        </span>
      </Tooltip>
      <Modal
        open={progress !== null}
        title={t.exportTitle}
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        footer={<Button onClick={cancel}>{t.exportCancel}</Button>}
      >
        {progress && <ExportProgressView progress={progress} t={t} />}
      </Modal>
    </>
  );
}

function ExportProgressView({ progress, t }: { progress: ExportProgress; t: UserTexts }) {
  const { received, estimated, rows } = progress;
  // The estimate can be short of the real size: the bar waits at 99 % until the file is complete.
  const percent = estimated ? Math.min(99, Math.floor((received / estimated) * 100)) : 0;
  return (
    <Space orientation="vertical" className="user-block" aria-live="polite">
      {rows !== null && <Typography.Text>{format(t.exportRows, { rows })}</Typography.Text>}
      <Progress percent={percent} status="active" aria-label={t.exportTitle} />
      <Typography.Text type="secondary">
        {received === 0
          ? t.exportWaiting
          : estimated
            ? format(t.exportReceivedOf, { received: formatFileSize(received), total: formatFileSize(estimated) })
            : format(t.exportReceived, { received: formatFileSize(received) })}
      </Typography.Text>
    </Space>
  );
}
