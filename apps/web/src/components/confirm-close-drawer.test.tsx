import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../test/render-in-shell';
import { ConfirmCloseDrawer, DrawerCloseButton, useUnsavedChanges } from './confirm-close-drawer';

const user = userEvent.setup({ delay: null });

/** A form inside the drawer, as a module's panel is: it tells the drawer itself whether closing would lose something. */
function NoteForm() {
  const [form] = Form.useForm();
  useUnsavedChanges(() => form.isFieldsTouched());
  return (
    <Form form={form}>
      <Form.Item name="note" label="备注">
        <Input />
      </Form.Item>
      <DrawerCloseButton>取消</DrawerCloseButton>
    </Form>
  );
}

function Harness({ onClose, children, unsaved }: { onClose: () => void; children?: ReactNode; unsaved?: () => boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmCloseDrawer
      open={open}
      title="抽屉"
      unsaved={unsaved}
      onClose={() => {
        onClose();
        setOpen(false);
      }}
    >
      {children ?? <p>只读内容</p>}
    </ConfirmCloseDrawer>
  );
}

/** The nth 确认关闭？ asked (an answered one may still be fading out). */
const confirmation = (nth: number) =>
  waitFor(() => {
    const modal = document.querySelectorAll<HTMLElement>('.ant-modal-confirm')[nth];
    if (!modal) throw new Error('not asked');
    expect(modal).toHaveTextContent('确认关闭？');
    return modal;
  });

describe('ConfirmCloseDrawer', () => {
  it('closes a drawer that only shows things at once, without asking', async () => {
    const onClose = vi.fn();
    renderInShell(<Harness onClose={onClose} />);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
  });

  it('asks 确认关闭？ while the drawer’s own choices are unsaved, staying open when the staff cancels', async () => {
    const onClose = vi.fn();
    renderInShell(<Harness onClose={onClose} unsaved={() => true} />);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await user.click(within(await confirmation(0)).getByRole('button', { name: /取\s*消|Cancel/ }));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(within(await confirmation(1)).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('asks only once a form inside has been typed in, from its × and from its 取消 alike', async () => {
    const untouched = vi.fn();
    const first = renderInShell(<Harness onClose={untouched}><NoteForm /></Harness>);
    await user.click(await screen.findByRole('button', { name: /取\s*消/ }));
    expect(untouched).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
    first.unmount();

    const onClose = vi.fn();
    renderInShell(<Harness onClose={onClose}><NoteForm /></Harness>);
    await user.type(await screen.findByRole('textbox', { name: '备注' }), '写了一半');
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    await user.click(within(await confirmation(0)).getByRole('button', { name: /取\s*消|Cancel/ }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: '备注' })).toHaveValue('写了一半');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(within(await confirmation(1)).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
