import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Modal, Progress, Space, Typography } from 'antd';
import { formatFileSize } from '../../../lib/file-format';
import { format, useMessages } from '../../../lib/i18n';
import { useExportUsers, type ExportBody, type ExportProgress } from '../api/export-users';
import { userMessages, type UserTexts } from '../messages';

/**
 * Exports every user matching the filter (not only the rows loaded) to an Excel file the server streams. A dialog shows
 * the bytes received against the server's estimate while it arrives, and can cancel it.
 */
export function ExportButton({ body, count }: { body: ExportBody; count: number | undefined }) {
  const t = useMessages(userMessages);
  const { message } = App.useApp();
  const { progress, start, cancel } = useExportUsers();

  const run = async () => {
    if (count === 0) {
      void message.info(t.exportNothing);
      return;
    }
    const outcome = await start(body);
    if (outcome.kind === 'saved') void message.success(format(t.exportDone, { rows: outcome.rows ?? count ?? 0, name: outcome.fileName }));
    else if (outcome.kind === 'cancelled') void message.info(t.exportCancelled);
  };

  return (
    <>
      <Button icon={<DownloadOutlined />} loading={progress !== null} onClick={() => void run()}>
        {t.export}
      </Button>
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
