import { EditOutlined, UndoOutlined } from '@ant-design/icons';
import { SPECIAL_DAY_KINDS, specialDay } from '@juqi/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ConfirmedActionButton } from '../../../components/delete-button';
import { PagedTable, usePaging } from '../../../components/paged-table';
import { CellTag } from '../../../components/table-cells';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useDeleteResource, useResourceList } from '../../../lib/resource';
import { useCan } from '../../../lib/shell-session';
import { weekdayName } from '../days';
import { calendarMessages } from '../messages';
import { DayModal } from './day-modal';

interface SpecialDayRow {
  id: number;
  day: string;
  kind: number;
  name: string;
}

/** A year's special days in date order (`/api/calendar/day_list` over the year), each to edit or set back. */
export function YearList({ year, workDays }: { year: string; workDays: readonly number[] }) {
  const t = useMessages(calendarMessages);
  const language = usePreferences((s) => s.language);
  const can = useCan();
  const paging = usePaging(specialDay.pageSize);
  // The declaration's rows: day, kind and name besides the id.
  const list = useResourceList(specialDay, { day: [`${year}-01-01`, `${year}-12-31`], page: paging.page, limit: paging.pageSize }) as unknown as UseQueryResult<{
    count: number;
    data: SpecialDayRow[];
  }>;
  const remove = useDeleteResource(specialDay);
  const [editing, setEditing] = useState<SpecialDayRow | null>(null);
  const editable = can('calendar.day.edit');

  const columns: TableColumnsType<SpecialDayRow> = [
    { key: 'day', title: t.date, dataIndex: 'day', width: 120 },
    { key: 'weekday', title: t.weekday, width: 80, render: (_, row) => weekdayName(row.day, language) },
    {
      key: 'kind',
      title: t.kind,
      width: 130,
      render: (_, row) =>
        row.kind === SPECIAL_DAY_KINDS.holiday ? <CellTag tone="error">{t.holiday}</CellTag> : <CellTag tone="warning">{t.makeUpDay}</CellTag>,
    },
    { key: 'name', title: t.name, dataIndex: 'name', ellipsis: true },
  ];
  if (editable)
    columns.push({
      key: 'actions',
      title: t.actions,
      width: 170,
      fixed: 'end',
      render: (_, row) => (
        <>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(row)}>
            {t.edit}
          </Button>
          <ConfirmedActionButton
            confirm={format(t.restoreConfirm, { day: row.day })}
            onConfirm={() => remove.mutateAsync({ id: row.id })}
            label={t.restore}
            icon={<UndoOutlined />}
            done={t.restored}
          />
        </>
      ),
    });

  return (
    <Card title={format(t.yearTitle, { year })} className="calendar-year">
      <PagedTable<SpecialDayRow>
        list={list}
        paging={paging}
        columns={columns}
        scrollX={editable ? 620 : 450}
        sizeChanger={false}
        totalText={t.yearCount}
      />
      {editing && (
        <DayModal
          day={editing.day}
          special={{ id: editing.id, kind: editing.kind, name: editing.name }}
          workDays={workDays}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
