import { Badge } from 'antd';
import type { ReactNode } from 'react';
import { useLiveStore } from '../live/live-store';

/** The unread count on the top bar's message button, kept live by the stream. */
export function InformBadge({ children }: { children: ReactNode }) {
  const total = useLiveStore((s) => s.unread?.total ?? 0);
  return (
    <Badge count={total} size="small" overflowCount={99} offset={[2, -2]} className="inform-badge" title={String(total)}>
      {children}
    </Badge>
  );
}
