import type { AnnouncementClass, AnnouncementPopup, CloseType } from '@juqi/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../../test/render-in-shell';
import { useLiveStore } from '../live/live-store';
import { PopupHost } from './popup-host';

vi.setConfig({ testTimeout: 30_000 });

let nextId = 1;
const popupOf = (cls: AnnouncementClass, close_type: CloseType[], extra: Partial<AnnouncementPopup> = {}): AnnouncementPopup => {
  const id = nextId++;
  return {
    id,
    class: cls,
    title: `公告 ${id}`,
    content: '<p>正文</p>',
    img: cls === 'imgDialog' ? '/uploads/inform/banner.png' : '',
    hint_state: 'info',
    close_type,
    duration: 0,
    location: cls === 'Notification' ? 'topRight' : cls === 'Message' ? 'top' : 'center',
    inform_id: id,
    data: [],
    time: '2026-05-01T08:00:00.000Z',
    ...extra,
  };
};

const show = (popup: AnnouncementPopup) => act(() => useLiveStore.getState().openPopup(popup));
const shown = (popup: AnnouncementPopup) => document.querySelector(`[data-popup-id="${popup.id}"]`);
const isOpen = (popup: AnnouncementPopup) => useLiveStore.getState().popups.some((p) => p.id === popup.id);
/** The element carrying the pop-up's buttons: the dialog inside the wrapper, or the toast itself. */
const scope = (popup: AnnouncementPopup) => {
  const el = shown(popup)!;
  return (el.querySelector('.ant-modal') ?? el) as HTMLElement;
};
const buttonIn = (popup: AnnouncementPopup, name: string) =>
  Array.from(scope(popup).querySelectorAll('button')).find((b) => b.getAttribute('aria-label') === name || b.textContent?.replace(/\s/g, '') === name);

/** A click on the mask: antd closes only for a press and release both on the wrapper around the dialog. */
function clickMask(popup: AnnouncementPopup) {
  const wrap = shown(popup) as HTMLElement;
  fireEvent.mouseDown(wrap);
  fireEvent.mouseUp(wrap);
  fireEvent.click(wrap);
}

describe('pop-up close rules (§4)', () => {
  it.each(['Dialog', 'MessageBox', 'imgDialog'] as const)('%s with button_close only: the 关闭 button closes it; mask, × and Esc do not', async (cls) => {
    renderInShell(<PopupHost />);
    const popup = popupOf(cls, ['button_close']);
    show(popup);
    expect(shown(popup)).not.toBeNull();
    expect(buttonIn(popup, '关闭弹窗')).toBeUndefined();
    clickMask(popup);
    fireEvent.keyDown(scope(popup), { key: 'Escape' });
    expect(isOpen(popup)).toBe(true);
    fireEvent.click(buttonIn(popup, '关闭')!);
    expect(isOpen(popup)).toBe(false);
  });

  it.each(['Dialog', 'MessageBox', 'imgDialog'] as const)('%s with mask_layer_close only: a click on the mask closes it; there is no button or ×', async (cls) => {
    renderInShell(<PopupHost />);
    const popup = popupOf(cls, ['mask_layer_close']);
    show(popup);
    expect(buttonIn(popup, '关闭')).toBeUndefined();
    expect(buttonIn(popup, '关闭弹窗')).toBeUndefined();
    // A click inside the dialog is not a click on the mask.
    fireEvent.mouseDown(scope(popup));
    fireEvent.click(scope(popup));
    expect(isOpen(popup)).toBe(true);
    clickMask(popup);
    expect(isOpen(popup)).toBe(false);
  });

  it.each(['Dialog', 'MessageBox', 'imgDialog'] as const)('%s with right_button_close only: the × closes it; the mask does not', async (cls) => {
    renderInShell(<PopupHost />);
    const popup = popupOf(cls, ['right_button_close']);
    show(popup);
    expect(buttonIn(popup, '关闭')).toBeUndefined();
    clickMask(popup);
    expect(isOpen(popup)).toBe(true);
    fireEvent.click(buttonIn(popup, '关闭弹窗')!);
    expect(isOpen(popup)).toBe(false);
  });

  it.each(['Message', 'Notification'] as const)('%s: the 关闭 button and the × each close it when close_type lists them', async (cls) => {
    renderInShell(<PopupHost />);
    const withButton = popupOf(cls, ['button_close']);
    const withCorner = popupOf(cls, ['right_button_close']);
    show(withButton);
    show(withCorner);
    await screen.findByText(withButton.title);
    await screen.findByText(withCorner.title);
    expect(buttonIn(withButton, '关闭弹窗')).toBeUndefined();
    expect(buttonIn(withCorner, '关闭')).toBeUndefined();
    fireEvent.click(buttonIn(withButton, '关闭')!);
    expect(isOpen(withButton)).toBe(false);
    expect(isOpen(withCorner)).toBe(true);
    // antd's notification × sits outside the content the test id is on: find it by its label on the page.
    const corner = cls === 'Notification' ? screen.getByRole('button', { name: '关闭弹窗' }) : buttonIn(withCorner, '关闭弹窗')!;
    fireEvent.click(corner);
    expect(isOpen(withCorner)).toBe(false);
  });
});

describe('auto-close (voluntarily_close)', () => {
  it.each(['Dialog', 'MessageBox', 'Message', 'Notification', 'imgDialog'] as const)('%s closes itself after duration seconds', (cls) => {
    vi.useFakeTimers();
    renderInShell(<PopupHost />);
    const popup = popupOf(cls, ['voluntarily_close'], { duration: 5 });
    show(popup);
    act(() => vi.advanceTimersByTime(4_900));
    expect(isOpen(popup)).toBe(true);
    act(() => vi.advanceTimersByTime(100));
    expect(isOpen(popup)).toBe(false);
  });

  it('duration 0 means the default 3 s', () => {
    vi.useFakeTimers();
    renderInShell(<PopupHost />);
    const popup = popupOf('Notification', ['voluntarily_close', 'right_button_close'], { duration: 0 });
    show(popup);
    act(() => vi.advanceTimersByTime(2_999));
    expect(isOpen(popup)).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(isOpen(popup)).toBe(false);
  });

  it('without voluntarily_close it stays open', () => {
    vi.useFakeTimers();
    renderInShell(<PopupHost />);
    const popup = popupOf('Dialog', ['button_close'], { duration: 2 });
    show(popup);
    act(() => vi.advanceTimersByTime(600_000));
    expect(isOpen(popup)).toBe(true);
  });
});

describe('view details', () => {
  it('emits show: the detail drawer target is the announcement inform_id', () => {
    renderInShell(<PopupHost />);
    const popup = popupOf('Dialog', ['button_close']);
    show(popup);
    fireEvent.click(buttonIn(popup, '查看详情')!);
    expect(useLiveStore.getState().details).toMatchObject({ inform_id: popup.id, title: popup.title, viaPopup: true });
    expect(isOpen(popup)).toBe(true);
  });

  it('with inform_id 0 and an array data it only closes the pop-up', () => {
    renderInShell(<PopupHost />);
    const popup = popupOf('MessageBox', ['button_close'], { inform_id: 0, data: [] });
    show(popup);
    fireEvent.click(buttonIn(popup, '查看详情')!);
    expect(isOpen(popup)).toBe(false);
    expect(useLiveStore.getState().details).toBeNull();
  });

  it('with inform_id 0 and facts in data it shows the pop-up itself in the drawer', () => {
    renderInShell(<PopupHost />);
    const popup = popupOf('Dialog', ['button_close'], { inform_id: 0, data: { order: 'A-1001' } });
    show(popup);
    fireEvent.click(buttonIn(popup, '查看详情')!);
    expect(useLiveStore.getState().details).toMatchObject({ inform_id: 0, content: popup.content, data: { order: 'A-1001' } });
  });
});
