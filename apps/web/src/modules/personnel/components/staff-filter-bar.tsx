import type { DepartmentNode } from '@juqi/contract';
import { Select, TreeSelect } from 'antd';
import type { ReactNode } from 'react';
import { FilterBar } from '../../../components/filter-bar';
import { DayRangeFilter } from '../../../components/records/day-range-filter';
import { commonMessages } from '../../../components/messages';
import { TextFilter } from '../../../components/text-filter';
import { useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useCan } from '../../../lib/shell-session';
import { clearedUrlState } from '../../../lib/url-state';
import { useCompanies } from '../api/staff';
import { personnelMessages } from '../messages';
import { departmentOptions } from '../../../lib/department-options';
import { STAFF_URL, type StaffUrlFilter } from './staff-filter';
import { statusOptions } from './vocabulary';

interface StaffFilterBarProps {
  filter: StaffUrlFilter;
  /** The filters that changed (`undefined` clears one); the others stay. */
  onChange: (patch: StaffUrlFilter) => void;
  idCard: string | undefined;
  onIdCard: (idCard: string | undefined) => void;
  departments: DepartmentNode[] | undefined;
  tools: ReactNode;
}

/**
 * The spec's §3 staff search: name (or initials), identity card, mobile, company, department, status, report days. The
 * identity card only for staff who may see whole numbers: the server refuses the filter to others.
 */
export function StaffFilterBar({ filter, onChange, idCard, onIdCard, departments, tools }: StaffFilterBarProps) {
  const t = useMessages(personnelMessages);
  const mayFindByIdCard = useCan()('personnel.id_card.view');
  const common = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const companies = useCompanies();
  const { name, ...folded } = filter;
  return (
    <FilterBar
      search={<TextFilter className="staff-filter__name" label={t.name} maxLength={30} value={name ?? undefined} onChange={(words) => onChange({ name: words })} />}
      active={Object.values(folded).filter((value) => value !== undefined).length + (idCard ? 1 : 0)}
      searching={name !== undefined}
      onClear={() => {
        onIdCard(undefined);
        onChange(clearedUrlState(STAFF_URL));
      }}
      tools={tools}
    >
      {mayFindByIdCard && <TextFilter className="staff-filter__id-card" label={t.idCard} maxLength={18} value={idCard} onChange={onIdCard} />}
      <TextFilter className="staff-filter__mobile" label={t.mobile} maxLength={20} value={filter.mobile ?? undefined} onChange={(mobile) => onChange({ mobile })} />
      <Select<number>
        className="staff-filter__select"
        prefix={t.company}
        aria-label={t.company}
        placeholder={common.all}
        allowClear
        popupMatchSelectWidth={false}
        value={filter.company}
        options={companies.data?.map((company) => ({ value: company.id, label: company.name }))}
        onChange={(company) => onChange({ company: company ?? undefined })}
      />
      <TreeSelect<number>
        className="staff-filter__select"
        prefix={t.department}
        aria-label={t.department}
        placeholder={common.all}
        allowClear
        showSearch
        treeNodeFilterProp="title"
        treeDefaultExpandAll
        popupMatchSelectWidth={false}
        value={filter.department ?? undefined}
        treeData={departmentOptions(departments ?? [])}
        onChange={(department) => onChange({ department: department ?? undefined })}
      />
      <Select
        mode="multiple"
        className="staff-filter__status"
        prefix={t.status}
        aria-label={t.status}
        placeholder={common.all}
        allowClear
        maxTagCount="responsive"
        value={filter.status ?? []}
        options={statusOptions(language)}
        onChange={(status) => onChange({ status: status.length ? status : undefined })}
      />
      <DayRangeFilter
        className="staff-filter__range"
        label={t.reportTime}
        openEnds
        value={filter.reportFrom || filter.reportTo ? [filter.reportFrom ?? null, filter.reportTo ?? null] : undefined}
        onChange={(days) => onChange({ reportFrom: days?.[0] ?? undefined, reportTo: days?.[1] ?? undefined })}
      />
    </FilterBar>
  );
}
