import type { AnnouncementPopup, UnreadCounts } from '@juqi/contract';
import { create } from 'zustand';

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'retrying' | 'stopped';

/** What the detail drawer shows: an announcement to fetch (`inform_id` > 0) or the facts a pop-up carries. */
export interface DetailsTarget {
  inform_id: number;
  title: string;
  time: string;
  content: string;
  img: string;
  data: AnnouncementPopup['data'];
  /** Opened by a pop-up's view-details action, the only opening that says 查看详情成功 (§2.4, §8). */
  viaPopup?: boolean;
}

interface LiveState {
  unread: UnreadCounts | null;
  status: LiveStatus;
  popups: AnnouncementPopup[];
  details: DetailsTarget | null;
  setUnread: (unread: UnreadCounts) => void;
  setStatus: (status: LiveStatus) => void;
  openPopup: (popup: AnnouncementPopup) => void;
  closePopup: (id: number) => void;
  showDetails: (target: DetailsTarget) => void;
  hideDetails: () => void;
  reset: () => void;
}

const initial = { unread: null, status: 'idle' as LiveStatus, popups: [], details: null };

/**
 * The live side of notifications, shared by the top-bar badge, the drawer, the pop-ups and the detail drawer: the
 * unread counts, the stream's state, the pop-ups on screen and what the detail drawer shows.
 */
export const useLiveStore = create<LiveState>((set) => ({
  ...initial,
  setUnread: (unread) => set({ unread }),
  setStatus: (status) => set({ status }),
  openPopup: (popup) => set((s) => (s.popups.some((p) => p.id === popup.id) ? s : { popups: [...s.popups, popup] })),
  closePopup: (id) => set((s) => ({ popups: s.popups.filter((p) => p.id !== id) })),
  showDetails: (details) => set({ details }),
  hideDetails: () => set({ details: null }),
  reset: () => set(initial),
}));
