import { useCallback } from 'react';
import { useLiveStore } from '../live/live-store';
import type { PopupFormValues } from './popup-fields';

// Previews take ids below 0, so they never meet a real announcement's.
let lastPreviewId = 0;

/**
 * Shows a pop-up as the staff would see it, before it is published: nothing is recorded. With `showDetails` its
 * view-details opens the detail drawer on the pop-up's own content; without, it only closes the pop-up.
 */
export function usePreviewPopup(): (values: PopupFormValues, showDetails: boolean) => void {
  const openPopup = useLiveStore((s) => s.openPopup);
  return useCallback(
    (values, showDetails) => {
      lastPreviewId -= 1;
      openPopup({ ...values, id: lastPreviewId, inform_id: 0, data: showDetails ? {} : [], time: new Date().toISOString() });
    },
    [openPopup],
  );
}
