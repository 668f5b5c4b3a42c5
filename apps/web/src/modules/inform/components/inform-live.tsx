import { informCalls, LOGGED_OUT_CODES, type AnnouncementPopup, type NotificationSubject } from '@juqi/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-errors';
import { callKey } from '../../../lib/call-hooks';
import { getToken } from '../../../lib/token';
import { LiveConnection } from '../live/live-connection';
import { useLiveStore } from '../live/live-store';
import { PopupScheduler } from '../live/popup-scheduler';
import { AnnouncementDetailDrawer } from './announcement-detail-drawer';
import { subjectQueries } from './notification-subject';
import { PopupHost } from './popup-host';

/**
 * Whether the session still holds, asked quietly (the answer is for the stream alone) after the stream was refused, to
 * tell a dead session (stop) from a network failure (retry).
 */
async function sessionAlive(): Promise<boolean> {
  try {
    await callApi(informCalls.unreadCount, { quiet: true });
    return true;
  } catch (error) {
    return !(error instanceof ApiError && LOGGED_OUT_CODES.includes(error.code));
  }
}

/**
 * Mounted once by the top bar: keeps the live stream open while the staff is signed in, feeds the badge and the
 * drawer, refreshes what a notification is about or the stream says changed, and shows pop-up announcements 400 ms apart (each recorded as seen when it appears), with the detail drawer
 * they open.
 */
export function InformLive({ EventSourceImpl }: { EventSourceImpl?: typeof EventSource } = {}) {
  const client = useQueryClient();

  useEffect(() => {
    const store = useLiveStore.getState();
    const scheduler = new PopupScheduler<AnnouncementPopup>((popup) => {
      useLiveStore.getState().openPopup(popup);
      // Quiet: a failure only means the pop-up shows again at the next page load, no reason to interrupt the staff.
      void callApi(informCalls.seenAnnouncements, { body: { ids: [popup.id] }, quiet: true }).catch(() => {});
    });
    const refreshLists = () => void client.invalidateQueries({ queryKey: callKey(informCalls.listNotifications) });
    // What a notification is about, or what the stream says changed (decided by someone): the screens showing it.
    const refreshSubject = (subject: NotificationSubject) => {
      for (const queryKey of subjectQueries(subject)) void client.invalidateQueries({ queryKey });
    };
    const connection = new LiveConnection({
      signedIn: () => !!getToken(),
      EventSourceImpl,
      sessionAlive,
      onStatus: store.setStatus,
      handlers: {
        hello: (snapshot) => {
          store.setUnread(snapshot.unread);
          scheduler.enqueue(snapshot.announcements);
          refreshLists();
        },
        notification: (item) => {
          refreshLists();
          if (item.subject) refreshSubject(item.subject);
        },
        unread: (unread) => {
          store.setUnread(unread);
          refreshLists();
        },
        announcement: (popup) => {
          scheduler.enqueue([popup]);
          void client.invalidateQueries({ queryKey: callKey(informCalls.myAnnouncements) });
        },
        withdrawn: ({ id }) => {
          scheduler.cancel(id);
          useLiveStore.getState().closePopup(id);
          void client.invalidateQueries({ queryKey: callKey(informCalls.myAnnouncements) });
        },
        changed: refreshSubject,
      },
    });
    connection.start();
    const online = () => connection.reconnect();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      connection.stop();
      scheduler.dispose();
      useLiveStore.getState().reset();
    };
  }, [client, EventSourceImpl]);

  return (
    <>
      <PopupHost />
      <AnnouncementDetailDrawer />
    </>
  );
}
