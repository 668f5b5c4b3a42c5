import { App, Drawer, type DrawerProps } from 'antd';
import { defineMessages, useMessages } from '../lib/i18n';

const texts = defineMessages({
  'zh-CN': { confirmClose: '确认关闭？' },
  'en-US': { confirmClose: 'Close this panel?' },
});

export interface ConfirmCloseDrawerProps extends Omit<DrawerProps, 'onClose'> {
  /** Called once the staff has confirmed; the drawer stays open when they cancel. */
  onClose: () => void;
}

/** An antd Drawer that asks 确认关闭？ before closing, however it is closed (× button, mask, Esc) — §5. */
export function ConfirmCloseDrawer({ onClose, ...props }: ConfirmCloseDrawerProps) {
  const { modal } = App.useApp();
  const t = useMessages(texts);
  return <Drawer {...props} onClose={() => void modal.confirm({ title: t.confirmClose, onOk: onClose })} />;
}
