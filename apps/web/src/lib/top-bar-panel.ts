import { create } from 'zustand';

interface TopBarPanelState {
  /** The open top-bar drawer: a module's panel by its key, the shell's own by one of its keys; null when none is. */
  open: string | null;
  show: (key: string | null) => void;
}

/**
 * Which of the top bar's drawers is open (one at a time). The shell draws them; a module opens another module's (a
 * notification opening its approval in 待办审批) or closes them all (leaving for a page) through `openTopBarPanel` and
 * `closeTopBarPanel`.
 */
export const useTopBarPanel = create<TopBarPanelState>()((set) => ({
  open: null,
  show: (open) => set({ open }),
}));

export const openTopBarPanel = (key: string) => useTopBarPanel.getState().show(key);
export const closeTopBarPanel = () => useTopBarPanel.getState().show(null);
