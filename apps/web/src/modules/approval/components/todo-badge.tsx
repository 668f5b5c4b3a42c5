import { Badge } from 'antd';
import type { ReactNode } from 'react';
import { useTodoCounts } from '../api';

/** The number of to-dos on the top bar's 待办审批 button: requests to decide and steps to review. */
export function TodoBadge({ children }: { children: ReactNode }) {
  const { requests, reviews } = useTodoCounts();
  const count = requests + reviews;
  return (
    <Badge count={count} size="small" overflowCount={99} offset={[2, -2]} title={String(count)}>
      {children}
    </Badge>
  );
}
