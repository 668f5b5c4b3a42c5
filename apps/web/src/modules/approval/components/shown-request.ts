import { create } from 'zustand';
import { openTopBarPanel } from '../../../lib/top-bar-panel';

/** The key of the top bar's 待办审批 drawer. */
export const APPROVAL_PANEL = 'approval';

interface ShownRequestState {
  /** The request whose details 待办审批 shows over its lists, opened from elsewhere; null when none is. */
  id: number | null;
  show: (id: number | null) => void;
}

export const useShownRequest = create<ShownRequestState>()((set) => ({
  id: null,
  show: (id) => set({ id }),
}));

/** Opens a request's details in the top bar's 待办审批 drawer (from a notification about it, a staff record's pending request). */
export function openApprovalRequest(id: number): void {
  useShownRequest.getState().show(id);
  openTopBarPanel(APPROVAL_PANEL);
}
