import { CustomerServiceFilled } from '@ant-design/icons';
import { informCalls } from '@juqi/contract';
import { App, Avatar, Button, Empty, Skeleton, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { ConfirmCloseDrawer } from '../../../components/confirm-close-drawer';
import { DetailList } from '../../../components/detail-list';
import { RichText } from '../../../components/rich-text';
import { useCallQuery } from '../../../lib/call-hooks';
import { useDateTime } from '../../../lib/date-time';
import { useMessages } from '../../../lib/i18n';
import { useSiteDetails } from '../../../lib/site-details';
import { useLiveStore, type DetailsTarget } from '../live/live-store';
import { informMessages } from '../messages';
import '../inform.css';

interface Shown {
  title: string;
  sender: string;
  time: string;
  content: string;
  img: string;
  data: DetailsTarget['data'];
}

/** Title, the official-assistant sender line, time, picture, rich text and the pop-up's extra facts. */
function DetailsBody({ shown }: { shown: Shown }) {
  const dateTime = useDateTime();
  const entries = Array.isArray(shown.data) ? [] : Object.entries(shown.data);
  return (
    <article className="inform-details">
      <Typography.Title level={4} className="inform-details__title">
        {shown.title}
      </Typography.Title>
      <div className="inform-details__meta">
        <Avatar size="small" className="inform-details__avatar" icon={<CustomerServiceFilled />} />
        <span className="inform-details__sender">{shown.sender}</span>
        <time dateTime={shown.time}>{dateTime(shown.time)}</time>
      </div>
      {shown.img && <img className="inform-details__img" src={shown.img} alt={shown.title} />}
      <RichText html={shown.content} className="inform-details__content" />
      {entries.length > 0 && (
        <DetailList size="small" column={1} bordered items={entries.map(([key, value]) => ({ key, label: key, children: String(value) }))} />
      )}
    </article>
  );
}

/**
 * The announcement detail drawer (§2.4): opened by a pop-up's view-details (`show`) or by an announcement in the
 * notification drawer. Announcement `inform_id` is fetched; with inform_id 0 the pop-up's own content is shown. Says
 * 查看详情成功 once per opening through a pop-up's view-details, when there is something to show; a plain opening
 * from the list says nothing (a toast on every opening is noise). It only shows, so it closes at once.
 */
export function AnnouncementDetailDrawer() {
  const t = useMessages(informMessages);
  const { message } = App.useApp();
  const site = useSiteDetails();
  const target = useLiveStore((s) => s.details);
  const hide = useLiveStore((s) => s.hideDetails);
  const fetched = useCallQuery(informCalls.announcementDetails, target && target.inform_id > 0 ? { id: target.inform_id } : null);
  const announced = useRef<DetailsTarget | null>(null);

  const ready = target !== null && (target.inform_id === 0 || fetched.isSuccess);
  useEffect(() => {
    if (!ready || !target.viaPopup || announced.current === target) return;
    announced.current = target;
    void message.success(t.viewDetailsSuccess);
  }, [ready, target, message, t.viewDetailsSuccess]);

  let body = null;
  if (target && target.inform_id === 0) {
    // The server names the sender for announcements it holds; a pop-up without one is from the same assistant.
    body = <DetailsBody shown={{ ...target, sender: `${site?.website ?? ''}官方助手` }} />;
  } else if (target && fetched.isSuccess) {
    body = <DetailsBody shown={fetched.data} />;
  } else if (target && fetched.isError) {
    body = (
      <Empty description={t.loadFailed}>
        <Button onClick={() => void fetched.refetch()}>{t.retry}</Button>
      </Empty>
    );
  } else if (target) {
    body = <Skeleton active />;
  }

  return (
    <ConfirmCloseDrawer title={t.detailsTitle} open={target !== null} onClose={hide} size={520} className="inform-details-drawer">
      {body}
    </ConfirmCloseDrawer>
  );
}
