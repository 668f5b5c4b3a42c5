import type { UserSelectRow } from '@juqi/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Checkbox, Empty, Spin, Tag, Typography } from 'antd';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { UserAvatar } from '../../../../components/user-avatar';
import { format, useMessages } from '../../../../lib/i18n';
import { userSelectMessages } from './messages';
import { useCodes } from '../codes';
import { AuthenticatedMark, isAuthenticated, UserCard } from './user-card';

/** §9: the next page loads once the list is scrolled to within 10 px of its bottom. */
export const SCROLL_THRESHOLD_PX = 10;
/** Rows have one fixed height, so the virtual list needs no measuring. */
export const ROW_HEIGHT = 56;

export interface UserSelectListProps {
  rows: UserSelectRow[];
  /** Changes whenever the list starts again (a new filter): the list scrolls back to the top. */
  resetKey: string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  isPicked: (id: number) => boolean;
  /** A row whose box cannot be ticked (the pick limit is reached). */
  isLocked: (id: number) => boolean;
  onToggle: (user: UserSelectRow) => void;
  levelName: (level: number) => string;
  /** Shown instead of rows: loading, a failure, or an empty list. */
  placeholder?: ReactNode;
  emptyText: string;
}

/**
 * An infinite, virtualised list of users: only the rows in view (plus a few) are in the page, so a list scrolled
 * through thousands of users stays smooth. Scrolling within 10 px of the bottom asks for the next page; so does a
 * first page too short to scroll.
 */
export function UserSelectList({
  rows,
  resetKey,
  hasMore,
  loadingMore,
  onLoadMore,
  isPicked,
  isLocked,
  onToggle,
  levelName,
  placeholder,
  emptyText,
}: UserSelectListProps) {
  const t = useMessages(userSelectMessages);
  const scroller = useRef<HTMLDivElement>(null);
  // The app is not built with the React Compiler and nothing here is memoised on the virtualizer's functions.
  // oxlint-disable-next-line react/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });

  const loadIfAtBottom = useCallback(() => {
    const el = scroller.current;
    if (!el || !hasMore || loadingMore) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= SCROLL_THRESHOLD_PX) onLoadMore();
  }, [hasMore, loadingMore, onLoadMore]);

  // A new filter starts at the top of page 1.
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [resetKey]);

  // After a page arrives: if the rows still do not fill the list, there is nothing to scroll, so load on.
  useEffect(() => {
    if (rows.length > 0) loadIfAtBottom();
  }, [rows.length, loadIfAtBottom]);

  const content =
    placeholder ??
    (rows.length === 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} className="user-select-list__empty" />
    ) : (
      <>
        <div role="list" className="user-select-list__rows" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const user = rows[item.index]!;
            const picked = isPicked(user.id);
            return (
              <UserRow
                key={user.id}
                user={user}
                index={item.index}
                setSize={rows.length}
                top={item.start}
                picked={picked}
                locked={!picked && isLocked(user.id)}
                level={levelName(user.level)}
                onToggle={onToggle}
              />
            );
          })}
        </div>
        <div className="user-select-list__foot">
          {loadingMore ? <Spin size="small" /> : null}
          <Typography.Text type="secondary">{loadingMore ? t.loadingMore : hasMore ? '' : t.end}</Typography.Text>
        </div>
      </>
    ));

  return (
    <div ref={scroller} className="user-select-list" onScroll={loadIfAtBottom} data-testid="user-select-scroller">
      {content}
    </div>
  );
}

const stopPropagation = (event: MouseEvent) => event.stopPropagation();

interface UserRowProps {
  user: UserSelectRow;
  index: number;
  setSize: number;
  top: number;
  picked: boolean;
  locked: boolean;
  level: string;
  onToggle: (user: UserSelectRow) => void;
}

/** One row; memoised, so scrolling renders only the rows coming into view. Plain CSS ellipsis: no measuring. */
const UserRow = memo(function UserRow({ user, index, setSize, top, picked, locked, level, onToggle }: UserRowProps) {
  const t = useMessages(userSelectMessages);
  const codes = useCodes();
  return (
    <div
      role="listitem"
      aria-posinset={index + 1}
      aria-setsize={setSize}
      className={`user-select-row${picked ? ' user-select-row--picked' : ''}`}
      style={{ transform: `translateY(${top}px)`, height: ROW_HEIGHT }}
      onClick={() => !locked && onToggle(user)}
    >
      {/* The box toggles by itself; the row's click is for the rest of the row. */}
      <span className="user-select-row__check" onClick={stopPropagation}>
        <Checkbox checked={picked} disabled={locked} aria-label={format(t.pick, { name: user.name })} onChange={() => onToggle(user)} />
      </span>
      {/* Opening the card does not pick the user. */}
      <span className="user-select-row__avatar" onClick={stopPropagation}>
        <UserAvatar name={user.name} src={user.head_img_url} size={36} card={<UserCard user={user} levelName={level} />} />
      </span>
      <div className="user-select-row__main">
        <div className="user-select-row__name">
          <strong className="user-select-row__text" title={user.name}>
            {user.name}
          </strong>
          {isAuthenticated(user) && <AuthenticatedMark />}
        </div>
        <span className="user-select-row__mobile">{user.mobile}</span>
      </div>
      <div className="user-select-row__tags">
        <Tag>{codes.label('type_user', user.type_user)}</Tag>
        {level && <Tag color="blue">{level}</Tag>}
      </div>
    </div>
  );
});
