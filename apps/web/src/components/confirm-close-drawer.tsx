import { App, Button, Drawer, type ButtonProps, type DrawerProps } from 'antd';
import { createContext, use, useCallback, useEffect, useRef } from 'react';
import { defineMessages, useMessages } from '../lib/i18n';

const texts = defineMessages({
  'zh-CN': { confirmClose: '确认关闭？' },
  'en-US': { confirmClose: 'Close this panel?' },
});

/** Whether closing now would lose something the staff entered and has not saved; asked at the moment of closing. */
export type UnsavedCheck = () => boolean;

interface DrawerClosing {
  /** Closes the drawer as its × does. */
  close: () => void;
  /** Adds a check of unsaved changes for as long as its form is shown; answers its removal. */
  watch: (check: UnsavedCheck) => () => void;
}

const DrawerClosingContext = createContext<DrawerClosing | null>(null);

export interface ConfirmCloseDrawerProps extends Omit<DrawerProps, 'onClose'> {
  /** Called once the drawer may close: at once when nothing would be lost, else once the staff has confirmed. */
  onClose: () => void;
  /** Whether the drawer's own form or choices hold unsaved changes; a form further inside says so with `useUnsavedChanges`. */
  unsaved?: UnsavedCheck;
}

/**
 * An antd Drawer that closes at once, however it is closed (× button, mask, Esc, its `DrawerCloseButton`), unless
 * something in it holds unsaved changes: then it asks 确认关闭？ first (§5) and stays open when the staff cancels. A
 * drawer that only shows things has nothing to lose, so it never asks.
 */
export function ConfirmCloseDrawer({ onClose, unsaved, ...props }: ConfirmCloseDrawerProps) {
  const { modal } = App.useApp();
  const t = useMessages(texts);
  const checks = useRef(new Set<UnsavedCheck>());
  const watch = useCallback((check: UnsavedCheck) => {
    checks.current.add(check);
    return () => void checks.current.delete(check);
  }, []);
  const close = () => {
    const losing = unsaved?.() || [...checks.current].some((check) => check());
    if (losing) void modal.confirm({ title: t.confirmClose, onOk: onClose });
    else onClose();
  };
  return (
    <DrawerClosingContext value={{ close, watch }}>
      <Drawer {...props} onClose={close} />
    </DrawerClosingContext>
  );
}

/** For a form inside a ConfirmCloseDrawer: while it is shown, closing the drawer asks first whenever `unsaved()` is true. */
export function useUnsavedChanges(unsaved: UnsavedCheck): void {
  const watch = use(DrawerClosingContext)?.watch;
  const latest = useRef(unsaved);
  useEffect(() => {
    latest.current = unsaved;
  });
  useEffect(() => watch?.(() => latest.current()), [watch]);
}

/** A button (取消) that closes the drawer it is in as the drawer's × does: at once, or asking first when something would be lost. */
export function DrawerCloseButton(props: Omit<ButtonProps, 'onClick'>) {
  const closing = use(DrawerClosingContext);
  return <Button {...props} onClick={closing?.close} />;
}
