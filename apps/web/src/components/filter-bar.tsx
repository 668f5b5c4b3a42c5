import { ClearOutlined, FilterOutlined } from '@ant-design/icons';
import { Button, Drawer, Flex } from 'antd';
import { useState, type ReactNode } from 'react';
import { defineMessages, useMessages } from '../lib/i18n';
import { useNarrowScreen } from './narrow-screen';
import './filter-bar.css';

const texts = defineMessages({
  'zh-CN': { filters: '筛选', clear: '清空筛选', done: '完成' },
  'en-US': { filters: 'Filters', clear: 'Clear filters', done: 'Done' },
});

const counted = (label: string, count: number) => (count ? `${label} (${count})` : label);

interface FilterBarProps {
  /** The search box: in view on every screen. */
  search?: ReactNode;
  /** The filters: in the bar on wide screens; on a phone, in the drawer the 筛选 button opens. */
  children: ReactNode;
  /** How many of `children` are set: the 筛选 button shows it. */
  active: number;
  /** Whether the search holds words: the clear button counts it too, as it clears it. */
  searching?: boolean;
  /** Clears every filter and the search; without it there is no clear button. */
  onClear?: () => void;
  /** Buttons at the bar's far end (export, column settings, create): in view on every screen. */
  tools?: ReactNode;
  className?: string;
  /** Folds the filters into the 筛选 drawer on wide screens too: for many filters in a narrow pane. */
  folded?: boolean;
}

/**
 * A list page's filter bar. From 768 px: one wrapping row of search, filters, clear and tools. On a phone the filters
 * would fill the first screen, so they fold into a 筛选 (n) button whose drawer holds them and the clear action; the
 * search and tools stay above the list. Filters apply as they change, so the drawer closes without asking.
 */
export function FilterBar({ search, children, active, searching = false, onClear, tools, className, folded = false }: FilterBarProps) {
  const t = useMessages(texts);
  const narrow = useNarrowScreen();
  const [open, setOpen] = useState(false);
  const cleared = active + (searching ? 1 : 0);
  const barClass = className ? `filter-bar ${className}` : 'filter-bar';
  const end = tools && <div className="filter-bar__tools">{tools}</div>;
  // The icons are decoration: a button is named by its text alone (筛选 (2), not "filter 筛选 (2)").
  const clear = onClear && (
    <Button icon={<ClearOutlined aria-hidden />} disabled={cleared === 0} onClick={onClear}>
      {counted(t.clear, cleared)}
    </Button>
  );

  if (!narrow && !folded)
    return (
      <Flex wrap gap={8} role="search" className={barClass}>
        {search}
        {children}
        {clear}
        {end}
      </Flex>
    );

  return (
    <Flex wrap gap={8} role="search" className={barClass}>
      {search && <div className="filter-bar__search">{search}</div>}
      <Button icon={<FilterOutlined aria-hidden />} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {counted(t.filters, active)}
      </Button>
      {end}
      <Drawer
        open={open}
        title={t.filters}
        size={360}
        className="filter-bar__drawer"
        onClose={() => setOpen(false)}
        footer={
          <Flex justify="space-between" gap={8}>
            {clear ?? <span />}
            <Button type="primary" onClick={() => setOpen(false)}>
              {t.done}
            </Button>
          </Flex>
        }
      >
        <Flex vertical gap={12} className="filter-bar__fields">
          {children}
        </Flex>
      </Drawer>
    </Flex>
  );
}
