import { ApartmentOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { departmentCalls, personnelCalls, type StaffRow } from '@juqi/contract';
import { Button, Card, Drawer, Flex, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { ExportButton } from '../../../components/export-button';
import { commonMessages } from '../../../components/messages';
import { useNarrowScreen } from '../../../components/narrow-screen';
import { PagedTable, usePaging } from '../../../components/paged-table';
import { QueryFailure } from '../../../components/query-failure';
import { CellLink, CellMuted, CellTag } from '../../../components/table-cells';
import { useCallQuery } from '../../../lib/call-hooks';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useCan } from '../../../lib/shell-session';
import { useUrlState } from '../../../lib/url-state';
import { useRefreshStaff, useStaffPage } from '../api/staff';
import { DeleteStaffModal } from '../components/delete-staff-modal';
import { DepartmentTree } from '../components/department-tree';
import { LetterIndex } from '../components/letter-index';
import { StaffDetailsDrawer } from '../components/staff-details-drawer';
import { StaffFilterBar } from '../components/staff-filter-bar';
import { findBody, STAFF_URL } from '../components/staff-filter';
import { StaffFormDrawer } from '../components/staff-form-drawer';
import { StaffImportButton } from '../components/staff-import';
import { StatusModal } from '../components/status-modal';
import { genderName, STATUS_TONES, statusName } from '../components/vocabulary';
import { personnelMessages } from '../messages';
import '../personnel.css';

/** What is open over the list: a record's details, its form (id null: a new one), or the delete of a row. */
type Opened = { kind: 'details'; id: number } | { kind: 'form'; id: number | null } | { kind: 'delete'; row: StaffRow } | { kind: 'status' } | null;

/**
 * /man/employee (员工管理): the letter index of staff in office and the department tree beside the staff records, with
 * the spec's §3 search. The filters live in the URL (other screens link in: `?department=3&status=probation,regular`),
 * the identity card search excepted. Add and edit in a drawer with the custom fields of form personnel_info; bulk status
 * change over the selected rows; delete with a reason; export of every matching record.
 */
export function StaffPage() {
  const t = useMessages(personnelMessages);
  const common = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const can = useCan();
  const narrow = useNarrowScreen();
  const [filter, setFilter] = useUrlState(STAFF_URL);
  const [idCard, setIdCard] = useState<string | undefined>();
  const body = useMemo(() => findBody(filter, idCard), [filter, idCard]);
  const paging = usePaging();
  // A new filter, from this screen or a link, starts again at page 1.
  const bodyKey = JSON.stringify(body);
  const [pagedFor, setPagedFor] = useState(bodyKey);
  if (pagedFor !== bodyKey) {
    setPagedFor(bodyKey);
    paging.restart();
  }
  const list = useStaffPage(body, paging.page, paging.pageSize);
  const tree = useCallQuery(departmentCalls.tree, {});
  const refreshStaff = useRefreshStaff();
  const [opened, setOpened] = useState<Opened>(null);
  const [selected, setSelected] = useState<ReadonlyMap<number, StaffRow>>(new Map());
  const [sideOpen, setSideOpen] = useState(false);
  const count = list.data?.count;
  const mayEdit = can('personnel.edit');
  const mayDelete = can('personnel.delete');

  const columns = useMemo(
    () => [
      {
        key: 'name',
        title: t.colName,
        width: 120,
        fixed: 'left' as const,
        render: (_: unknown, row: StaffRow) => <CellLink onClick={() => setOpened({ kind: 'details', id: row.id })}>{row.name}</CellLink>,
      },
      // The record's state and place first, so they show at 1280 px beside the tree; identity details follow.
      {
        key: 'status',
        title: t.status,
        width: 90,
        render: (_: unknown, row: StaffRow) => <CellTag tone={STATUS_TONES[row.status]}>{statusName(row.status, language)}</CellTag>,
      },
      { key: 'department', title: t.department, width: 130, ellipsis: true, render: (_: unknown, row: StaffRow) => row.department_name ?? <CellMuted>{t.none}</CellMuted> },
      { key: 'post', title: t.post, width: 120, ellipsis: true, render: (_: unknown, row: StaffRow) => row.post ?? <CellMuted>{t.none}</CellMuted> },
      { key: 'mobile', title: t.mobile, width: 130, render: (_: unknown, row: StaffRow) => row.mobile ?? <CellMuted>{t.none}</CellMuted> },
      { key: 'company', title: t.company, width: 180, ellipsis: true, render: (_: unknown, row: StaffRow) => row.company_name ?? <CellMuted>{t.none}</CellMuted> },
      { key: 'gender', title: t.gender, width: 70, render: (_: unknown, row: StaffRow) => genderName(row.gender, language) },
      { key: 'id_card', title: t.idCard, width: 180, render: (_: unknown, row: StaffRow) => row.id_card ?? <CellMuted>{t.none}</CellMuted> },
      { key: 'report_time', title: t.reportTime, width: 110, render: (_: unknown, row: StaffRow) => row.report_time ?? <CellMuted>{t.none}</CellMuted> },
      { key: 'probation_end', title: t.probationEnd, width: 110, render: (_: unknown, row: StaffRow) => row.probation_end ?? <CellMuted>{t.none}</CellMuted> },
      ...(mayEdit || mayDelete
        ? [
            {
              key: 'actions',
              title: common.actions,
              width: 110,
              fixed: 'right' as const,
              render: (_: unknown, row: StaffRow) => (
                <Flex gap={12}>
                  {mayEdit && <CellLink onClick={() => setOpened({ kind: 'form', id: row.id })}>{t.edit}</CellLink>}
                  {mayDelete && (
                    <CellLink danger onClick={() => setOpened({ kind: 'delete', row })}>
                      {t.delete}
                    </CellLink>
                  )}
                </Flex>
              ),
            },
          ]
        : []),
    ],
    [t, common, language, mayEdit, mayDelete],
  );

  const openRecord = (id: number) => {
    setSideOpen(false);
    setOpened({ kind: 'details', id });
  };
  const side = (
    <div className="staff-page__side">
      <LetterIndex onOpen={openRecord} />
      <DepartmentTree
        tree={tree.data}
        selected={filter.department ?? undefined}
        onSelect={(department) => {
          setSideOpen(false);
          setFilter({ department });
        }}
      />
    </div>
  );

  if (list.isError && !list.data) return <QueryFailure error={list.error} onRetry={() => void list.refetch()} />;

  return (
    <Card className="staff-page" title={t.title} extra={count !== undefined && <Typography.Text type="secondary">{format(t.count, { count })}</Typography.Text>}>
      <div className="staff-page__layout">
        {!narrow && side}
        <Flex vertical gap={12} className="staff-page__main">
          <StaffFilterBar
            filter={filter}
            onChange={setFilter}
            idCard={idCard}
            onIdCard={setIdCard}
            departments={tree.data}
            tools={
              <Flex wrap gap={8}>
                {narrow && (
                  <Button icon={<ApartmentOutlined />} aria-haspopup="dialog" onClick={() => setSideOpen(true)}>
                    {t.showDepartments}
                  </Button>
                )}
                <StaffImportButton onImported={() => void refreshStaff()} />
                {can('personnel.export') && (
                  <ExportButton
                    call={personnelCalls.export}
                    body={body}
                    count={count}
                    texts={{ title: t.exportTitle, rows: t.exportRows, done: t.exportDone, nothing: t.exportNothing }}
                    fallbackName="staff.xlsx"
                  />
                )}
                {mayEdit && (
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpened({ kind: 'form', id: null })}>
                    {t.add}
                  </Button>
                )}
              </Flex>
            }
          />
          {selected.size > 0 && (
            <Flex wrap gap={8} align="center" className="staff-page__selection">
              <Typography.Text>{format(t.selected, { count: selected.size })}</Typography.Text>
              <Button icon={<SwapOutlined />} onClick={() => setOpened({ kind: 'status' })}>
                {t.changeStatus}
              </Button>
              <Button type="link" onClick={() => setSelected(new Map())}>
                {t.clearSelection}
              </Button>
            </Flex>
          )}
          <PagedTable<StaffRow>
            list={list}
            paging={paging}
            columns={columns}
            scrollX={columns.reduce((sum, column) => sum + column.width, 0) + (mayEdit ? 48 : 0)}
            totalText={t.count}
            rowSelection={
              mayEdit
                ? {
                    selectedRowKeys: [...selected.keys()],
                    preserveSelectedRowKeys: true,
                    // Rows chosen on other pages keep their row from when they were chosen.
                    onChange: (keys, rows) => {
                      const shown = new Map(rows.filter(Boolean).map((row) => [row.id, row]));
                      setSelected(new Map(keys.map((key) => [Number(key), shown.get(Number(key)) ?? selected.get(Number(key))!])));
                    },
                  }
                : undefined
            }
          />
        </Flex>
      </div>
      {narrow && (
        <Drawer open={sideOpen} placement="left" size="100%" title={t.showDepartments} onClose={() => setSideOpen(false)}>
          {side}
        </Drawer>
      )}
      {opened?.kind === 'details' && (
        <StaffDetailsDrawer id={opened.id} onEdit={(id) => setOpened({ kind: 'form', id })} onClose={() => setOpened(null)} />
      )}
      {opened?.kind === 'form' && <StaffFormDrawer id={opened.id} departments={tree.data} onClose={() => setOpened(null)} />}
      {opened?.kind === 'delete' && <DeleteStaffModal row={opened.row} onClose={() => setOpened(null)} />}
      {opened?.kind === 'status' && (
        <StatusModal
          rows={[...selected.values()]}
          onDone={() => {
            setSelected(new Map());
            setOpened(null);
          }}
          onClose={() => setOpened(null)}
        />
      )}
    </Card>
  );
}
