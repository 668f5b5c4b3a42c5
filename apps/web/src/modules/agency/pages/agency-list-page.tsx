import { FileAddOutlined } from '@ant-design/icons';
import { ACTIVITY_BAND_NAMES, AGENCY_STATUS_NAMES, agencyListCalls, yuanText, type ActivityBand, type AgencyRow, type AgencyStatus } from '@juqi/contract';
import { DayRangeFilter } from '../../../components/records/day-range-filter';
import { OptionFilter } from '../../../components/option-filter';
import { RecordsPage } from '../../../components/records/records-page';
import { CellAvatar, CellLink, CellMuted } from '../../../components/table-cells';
import { Button } from 'antd';
import { useState } from 'react';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useCan } from '../../../lib/shell-session';
import type { UrlValues } from '../../../lib/url-state';
import { useAgencyOptions } from '../agency-options';
import { AGENCY_URL } from '../agency-url';
import { ActivityTag, AgencyDrawer, AgencyStatusTag, placeName } from '../components/agency-drawer';
import { ApplicationAddModal } from '../components/application-add-modal';
import { agencyMessages } from '../messages';
import '../agency.css';

/**
 * /agency/list (全部代理, docs/marketplace.md › Agencies): every agency, newest joined first, read by keyset as the table
 * scrolls; filtered by keyword, level, region, city, status, activity band, post and days joined, all in the URL; exported whole; an
 * agency opened in a drawer (`?id=`) with its particulars, 代理申请表 and history, where staff suspend, resume or
 * change its level.
 */
export function AgencyListPage() {
  const t = useMessages(agencyMessages);
  const dateTime = useDateTime();
  const can = useCan();
  return (
    <RecordsPage
      title={t.title}
      url={AGENCY_URL}
      openKey="id"
      list={agencyListCalls.agencyList}
      paging="keyset"
      totals={(data) => format(t.count, { count: data.count })}
      keywordLabel={t.search}
      Filters={AgencyFilters}
      exportAs={{
        operation: 'agency.export',
        call: agencyListCalls.agencyExport,
        texts: { title: t.exportTitle, rows: t.exportRows, done: t.exportDone, nothing: t.exportNothing },
        fallbackName: 'agencies.xlsx',
      }}
      tools={can('agency.add') && <FileApplication />}
      rowKey="id"
      columns={(open) => [
        {
          key: 'agency',
          title: t.agency,
          width: 180,
          fixed: 'left',
          render: (_, r: AgencyRow) => (
            <span className="agency-cell">
              <CellAvatar name={r.name} src={r.head_img_url} />
              <span>
                <CellLink onClick={() => open(String(r.id))} className="agency-cell__name">
                  {r.name}
                </CellLink>
                <CellMuted>{r.mobile}</CellMuted>
              </span>
            </span>
          ),
        },
        { key: 'level', title: t.level, width: 100, dataIndex: 'level_name' },
        { key: 'status', title: t.status, width: 90, render: (_, r: AgencyRow) => <AgencyStatusTag status={r.status} /> },
        { key: 'activity', title: t.activity, width: 110, render: (_, r: AgencyRow) => <ActivityTag agency={r} /> },
        { key: 'city', title: t.city, width: 130, render: (_, r: AgencyRow) => placeName(r) || <CellMuted>{t.none}</CellMuted> },
        { key: 'region', title: t.region, width: 110, render: (_, r: AgencyRow) => r.region || <CellMuted>{t.none}</CellMuted> },
        { key: 'post', title: t.post, width: 110, render: (_, r: AgencyRow) => r.agency_pw_name || <CellMuted>{t.none}</CellMuted> },
        { key: 'balance', title: t.balance, width: 130, align: 'right', render: (_, r: AgencyRow) => yuanText(r.balance_cents) },
        { key: 'income', title: t.income, width: 130, align: 'right', render: (_, r: AgencyRow) => yuanText(r.total_income_cents) },
        { key: 'joined_at', title: t.joinedAt, width: 150, render: (_, r: AgencyRow) => dateTime(r.joined_at) },
      ]}
      Details={AgencyDetails}
    />
  );
}

/** 为用户提交代理申请: its button and, once pressed, its dialog. */
function FileApplication() {
  const t = useMessages(agencyMessages);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<FileAddOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t.applicationAdd}
      </Button>
      {open && <ApplicationAddModal onClose={() => setOpen(false)} />}
    </>
  );
}

function AgencyDetails({ recordKey, onClose }: { recordKey: string; onClose: () => void }) {
  return <AgencyDrawer id={Number(recordKey)} onClose={onClose} />;
}

/** The filters after the search box: level, status, region, city, post, and the days joined. */
function AgencyFilters({ filter, change }: { filter: UrlValues<typeof AGENCY_URL>; change: (patch: UrlValues<typeof AGENCY_URL>) => void }) {
  const t = useMessages(agencyMessages);
  const language = usePreferences((s) => s.language);
  const options = useAgencyOptions().data;
  return (
    <>
      <OptionFilter label={t.level} value={filter.level} options={options?.levels.map((l) => ({ value: l.level, label: l.name }))} onChange={(level) => change({ level })} />
      <OptionFilter<AgencyStatus> label={t.status} value={filter.status} options={AGENCY_STATUS_NAMES.map((s) => ({ value: s.value, label: s.name[language] }))} onChange={(status) => change({ status })} />
      <OptionFilter<ActivityBand>
        label={t.activity}
        value={filter.activity_band}
        options={ACTIVITY_BAND_NAMES.map((b) => ({ value: b.value, label: b.name[language] }))}
        onChange={(activity_band) => change({ activity_band })}
      />
      <OptionFilter label={t.region} value={filter.region_id} options={options?.regions.map((r) => ({ value: r.id, label: r.name }))} onChange={(region_id) => change({ region_id })} />
      <OptionFilter
        search
        label={t.city}
        value={filter.city_code}
        options={options?.cities.map((c) => ({ value: c.code, label: placeName({ province: c.province, city: c.name }) }))}
        onChange={(city_code) => change({ city_code })}
      />
      <OptionFilter label={t.post} value={filter.agency_pw_id} options={options?.posts.map((p) => ({ value: p.id, label: p.name }))} onChange={(agency_pw_id) => change({ agency_pw_id })} />
      <DayRangeFilter label={t.joinedDays} value={filter.joined} onChange={(joined) => change({ joined })} />
    </>
  );
}
