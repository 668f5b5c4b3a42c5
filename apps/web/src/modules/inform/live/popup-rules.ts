import { DEFAULT_AUTO_CLOSE_SECONDS, TOAST_CLASSES, type AnnouncementPopup } from '@juqi/contract';

export interface CloseRules {
  /** A 关闭 button closes it. */
  button: boolean;
  /** A click on the mask closes it (dialogs only: toasts have no mask). */
  mask: boolean;
  /** The × in the corner closes it; Esc counts as the ×. */
  corner: boolean;
  /** It closes by itself after this many ms; null: it stays until closed. */
  autoCloseMs: number | null;
}

/** §4: how a pop-up may be closed, exactly as its close_type says. */
export function closeRules(popup: Pick<AnnouncementPopup, 'class' | 'close_type' | 'duration'>): CloseRules {
  const has = (c: AnnouncementPopup['close_type'][number]) => popup.close_type.includes(c);
  return {
    button: has('button_close'),
    mask: has('mask_layer_close') && !TOAST_CLASSES.includes(popup.class),
    corner: has('right_button_close'),
    autoCloseMs: has('voluntarily_close') ? (popup.duration > 0 ? popup.duration : DEFAULT_AUTO_CLOSE_SECONDS) * 1000 : null,
  };
}

/** §4: view-details closes the pop-up when inform_id is 0 and data is an array; otherwise it emits `show`. */
export const viewDetailsAction = (popup: Pick<AnnouncementPopup, 'inform_id' | 'data'>): 'close' | 'show' =>
  popup.inform_id === 0 && Array.isArray(popup.data) ? 'close' : 'show';
