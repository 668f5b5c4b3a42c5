import { Badge } from 'antd';
import type { ReactNode } from 'react';
import { useTodoCount } from '../api';

/** The number of to-dos on the top bar's 待办审批 button. */
export function TodoBadge({ children }: { children: ReactNode }) {
  const count = useTodoCount().data ?? 0;
  return (
    <Badge count={count} size="small" overflowCount={99} offset={[2, -2]} title={String(count)}>
      {children}
    </Badge>
  );
}
