import { CheckCircleFilled, CloseOutlined, DeleteOutlined, DownOutlined, ExclamationCircleFilled, UpOutlined } from '@ant-design/icons';
import { App, Button, Progress, theme, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { formatFileSize } from '../lib/file-format';
import { format, useMessages } from '../lib/i18n';
import { fileMessages } from '../lib/upload/messages';
import { unfinishedCount, useUploadStore, type UploadItem } from '../lib/upload/upload-store';
import { FileTypeIcon } from './file-type-icon';
import './upload-tray.css';

// Long enough to see the last file's done mark, short enough not to leave the tray over the page; the same 3 s as
// an announcement's default auto-close (§9).
const AUTO_CLOSE_MS = 3000;

/**
 * The floating upload tray titled 附件上传 (§2.4): the files being uploaded with their progress, each with a cancel
 * button while it uploads and a done mark once stored. Shown while the list has entries; closing it with uploads still
 * running asks first, then cancels them all (§4, §8). Once every upload is done it closes by itself, unless hovered.
 * Mounted once by the layout; stacked above dialogs and drawers.
 */
export function UploadTray() {
  const empty = useUploadStore((state) => state.items.length === 0);
  // Unmounted while empty, so the next batch starts with no hover left over from the last one.
  return empty ? null : <TrayPanel />;
}

function TrayPanel() {
  const t = useMessages(fileMessages);
  const { modal } = App.useApp();
  const { token } = theme.useToken();
  const { items, collapsed, setCollapsed, closeAll } = useUploadStore();
  const [hovered, setHovered] = useState(false);

  // A failed upload keeps the tray open: its row says why and is removed by hand. A new upload unsettles it.
  const settled = items.every((item) => item.status === 'done');
  useEffect(() => {
    if (!settled || hovered) return;
    const timer = window.setTimeout(closeAll, AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [settled, hovered, closeAll]);

  // Uploads start from forms in dialogs and drawers (the rich-text editors), so the tray floats just above them —
  // under their masks nobody could cancel an upload — and its own question above the tray.
  const zIndex = token.zIndexPopupBase + 1;

  const running = unfinishedCount(items);
  const done = items.filter((item) => item.status === 'done').length;
  const close = () => {
    if (running === 0) closeAll();
    else
      void modal.confirm({
        title: t.closeConfirm,
        okText: t.closeOk,
        cancelText: t.closeCancel,
        zIndex: zIndex + 1,
        onOk: closeAll,
      });
  };

  return (
    <section
      className="upload-tray"
      role="region"
      aria-label={t.trayRegion}
      style={{ zIndex }}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <header className="upload-tray__header">
        <span className="upload-tray__title">{t.trayTitle}</span>
        <Typography.Text type="secondary" className="upload-tray__summary">
          {format(t.summary, { done, total: items.length })}
        </Typography.Text>
        <Tooltip title={collapsed ? t.expand : t.collapse}>
          <Button
            type="text"
            size="small"
            aria-label={collapsed ? t.expand : t.collapse}
            aria-expanded={!collapsed}
            aria-controls="upload-tray-list"
            icon={collapsed ? <UpOutlined /> : <DownOutlined />}
            onClick={() => setCollapsed(!collapsed)}
          />
        </Tooltip>
        <Tooltip title={t.close}>
          <Button type="text" size="small" aria-label={t.close} icon={<CloseOutlined />} onClick={close} />
        </Tooltip>
      </header>
      {!collapsed && (
        <ul className="upload-tray__list" id="upload-tray-list">
          {items.map((item) => (
            <UploadRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function UploadRow({ item }: { item: UploadItem }) {
  const t = useMessages(fileMessages);
  const { cancel, dismiss } = useUploadStore();
  const status = item.status === 'done' ? 'success' : item.status === 'failed' ? 'exception' : 'active';
  return (
    <li className={`upload-tray__item upload-tray__item--${item.status}`} aria-label={item.name}>
      <FileTypeIcon name={item.name} size={22} />
      <div className="upload-tray__body">
        <div className="upload-tray__line">
          <Typography.Text className="upload-tray__name" ellipsis={{ tooltip: item.name }}>
            {item.name}
          </Typography.Text>
          <Typography.Text type="secondary" className="upload-tray__size">
            {formatFileSize(item.size)}
          </Typography.Text>
        </div>
        <Progress
          percent={item.percent}
          status={status}
          size="small"
          showInfo={item.status === 'uploading'}
          aria-label={item.name}
        />
        {item.status === 'failed' && (
          <Typography.Text type="danger" className="upload-tray__error">
            {t.failed}
            {item.error ? `：${item.error}` : ''}
          </Typography.Text>
        )}
        {item.status === 'uploading' && item.percent >= 99 && (
          <Typography.Text type="secondary" className="upload-tray__error">
            {t.waiting}
          </Typography.Text>
        )}
      </div>
      <div className="upload-tray__action">
        {item.status === 'uploading' && (
          <Tooltip title={format(t.cancelUpload, { name: item.name })}>
            <Button
              type="text"
              size="small"
              danger
              aria-label={format(t.cancelUpload, { name: item.name })}
              icon={<CloseOutlined />}
              onClick={() => cancel(item.id)}
            />
          </Tooltip>
        )}
        {item.status === 'done' && <CheckCircleFilled className="upload-tray__done" role="img" aria-label={t.done} />}
        {item.status === 'failed' && (
          <>
            <ExclamationCircleFilled className="upload-tray__failed" role="img" aria-label={t.failed} />
            <Tooltip title={format(t.remove, { name: item.name })}>
              <Button
                type="text"
                size="small"
                aria-label={format(t.remove, { name: item.name })}
                icon={<DeleteOutlined />}
                onClick={() => dismiss(item.id)}
              />
            </Tooltip>
          </>
        )}
      </div>
    </li>
  );
}
