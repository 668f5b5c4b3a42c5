import { ErrorCode, MAX_SELECTED_IDS, userCalls, type UserFilter, type UserSelection, type UserSelectRow } from '@juqi/contract';
import { Button, Result, Segmented, Space, Spin, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { ConfirmCloseDrawer, DrawerCloseButton, useUnsavedChanges } from '../../../../components/confirm-close-drawer';
import { useNarrowScreen } from '../../../../components/narrow-screen';
import { ApiError } from '../../../../lib/api-errors';
import { useCallMutation } from '../../../../lib/call-hooks';
import { format, useMessages } from '../../../../lib/i18n';
import { useUserCheckedList } from '../../api/get-user-checked-list';
import { useUserSelectList } from '../../api/get-user-select-list';
import { useSearchOptions } from '../codes';
import { userSelectMessages } from './messages';
import { UserSelectFilters } from './user-select-filters';
import { UserSelectList } from './user-select-list';
import './user-select.css';

/** What the drawer hands back: the selection as the server normalised it, and how many users it stands for. */
export interface ConfirmedUserSelection {
  count: number;
  selection: UserSelection;
}

export interface UserSelectDrawerProps {
  open: boolean;
  /**
   * The selection made before, to change it: picked ids come back ticked; a filter selection ("everyone matching")
   * comes back as the drawer's filter.
   */
  value?: UserSelection | null;
  /** The staff confirmed a selection (picked users, or everyone matching the filter). The caller closes the drawer. */
  onConfirm: (confirmed: ConfirmedUserSelection) => void;
  /** The staff closed the drawer: at once when nothing was changed, else once they confirmed closing (确认关闭？). */
  onClose: () => void;
  title?: string;
}

/**
 * The user-select drawer for message recipients (§2.4): filter the marketplace's users, tick them one by one in an
 * infinite list, or submit everyone matching the filter — sent as the filter itself, so a million users cost one small
 * request. Its state starts afresh from `value` each time it opens; closing it after changing the filter or the picks
 * asks first.
 */
export function UserSelectDrawer({ open, value, onConfirm, onClose, title }: UserSelectDrawerProps) {
  const t = useMessages(userSelectMessages);
  const narrow = useNarrowScreen();
  return (
    <ConfirmCloseDrawer
      open={open}
      title={title ?? t.title}
      size={narrow ? '100%' : 760}
      onClose={onClose}
      destroyOnHidden
      className="user-select-drawer"
    >
      <UserSelectBody value={value ?? null} onConfirm={onConfirm} />
    </ConfirmCloseDrawer>
  );
}

type View = 'matching' | 'picked';

function UserSelectBody({ value, onConfirm }: { value: UserSelection | null } & Pick<UserSelectDrawerProps, 'onConfirm'>) {
  const t = useMessages(userSelectMessages);
  const [initial] = useState(() => ({ filter: value?.mode === 'filter' ? value.filter : {}, picked: new Set(value?.mode === 'ids' ? value.ids : []) }));
  const [filter, setFilter] = useState<UserFilter>(initial.filter);
  const [picked, setPicked] = useState<ReadonlySet<number>>(initial.picked);
  const [view, setView] = useState<View>('matching');
  // The 已选 list shows the picks as they were when it opened, so unticking there does not make rows jump away.
  const [shownPicks, setShownPicks] = useState<number[]>([]);

  const options = useSearchOptions();
  const matching = useUserSelectList(filter);
  const checked = useUserCheckedList(shownPicks, view === 'picked');
  // The server normalises the selection and counts its users; it stores nothing, so no answer needs asking again.
  const confirm = useCallMutation(userCalls.select, []);
  useUnsavedChanges(() => JSON.stringify(filter) !== JSON.stringify(initial.filter) || picked.size !== initial.picked.size || [...picked].some((id) => !initial.picked.has(id)));

  const levels = useMemo(() => new Map(options.data?.level_list.map((l) => [l.level, l.name])), [options.data]);
  const levelName = useCallback((level: number) => levels.get(level) ?? '', [levels]);
  const matchingCount = matching.data?.pages[0]?.count;
  const full = picked.size >= MAX_SELECTED_IDS;

  const toggle = useCallback((user: UserSelectRow) => {
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(user.id)) next.delete(user.id);
      else if (next.size < MAX_SELECTED_IDS) next.add(user.id);
      return next;
    });
  }, []);
  const isPicked = useCallback((id: number) => picked.has(id), [picked]);
  const isLocked = useCallback(() => full, [full]);

  const showView = (next: View) => {
    if (next === 'picked') setShownPicks([...picked].sort((a, b) => a - b));
    setView(next);
  };

  const submit = async (selection: UserSelection) => {
    try {
      onConfirm(await confirm.mutateAsync({ selection }));
    } catch {
      // The API client has shown why; the drawer stays open with the staff's choices.
    }
  };

  const query = view === 'matching' ? matching : checked;
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.data) ?? [], [query.data]);
  const failure = query.error;
  const placeholder =
    view === 'picked' && shownPicks.length === 0 ? null : failure ? (
      <Result
        status={failure instanceof ApiError && failure.code === ErrorCode.FORBIDDEN ? '403' : 'warning'}
        title={failure instanceof ApiError && failure.code === ErrorCode.FORBIDDEN ? t.noPermission : t.loadFailed}
        subTitle={failure.message}
        extra={<Button onClick={() => void query.refetch()}>{t.retry}</Button>}
      />
    ) : query.isPending ? (
      <Spin className="user-select-list__loading" />
    ) : null;

  return (
    <div className="user-select">
      <UserSelectFilters value={filter} onChange={setFilter} options={options.data} />
      <Segmented<View>
        className="user-select__views"
        aria-label={t.views}
        value={view}
        onChange={showView}
        options={[
          { value: 'matching', label: format(t.matching, { count: (matchingCount ?? 0).toLocaleString() }) },
          { value: 'picked', label: format(t.picked, { count: picked.size.toLocaleString() }) },
        ]}
      />
      <UserSelectList
        rows={rows}
        resetKey={view === 'matching' ? `matching:${JSON.stringify(filter)}` : `picked:${shownPicks.join(',')}`}
        hasMore={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        isPicked={isPicked}
        isLocked={isLocked}
        onToggle={toggle}
        levelName={levelName}
        placeholder={placeholder}
        emptyText={view === 'picked' ? t.nonePicked : t.empty}
      />
      <footer className="user-select__footer">
        <div className="user-select__summary">
          <Typography.Text>{format(t.pickedCount, { count: picked.size.toLocaleString() })}</Typography.Text>
          {full && <Typography.Text type="warning">{format(t.tooMany, { max: MAX_SELECTED_IDS.toLocaleString() })}</Typography.Text>}
        </div>
        <Space wrap>
          <DrawerCloseButton>{t.cancel}</DrawerCloseButton>
          <Button
            disabled={!matchingCount || confirm.isPending}
            loading={confirm.isPending && confirm.variables.selection.mode === 'filter'}
            onClick={() => void submit({ mode: 'filter', filter, exclude_ids: [] })}
          >
            {format(t.submitAll, { count: (matchingCount ?? 0).toLocaleString() })}
          </Button>
          <Button
            type="primary"
            disabled={picked.size === 0 || confirm.isPending}
            loading={confirm.isPending && confirm.variables.selection.mode === 'ids'}
            onClick={() => void submit({ mode: 'ids', ids: [...picked].sort((a, b) => a - b) })}
          >
            {format(t.confirm, { count: picked.size.toLocaleString() })}
          </Button>
        </Space>
      </footer>
    </div>
  );
}
