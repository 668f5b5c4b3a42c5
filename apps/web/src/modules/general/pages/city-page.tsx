import { EditOutlined } from '@ant-design/icons';
import { CITY_DATA_SOURCE, cityResource, RESOURCE_KEYWORD_MAX } from '@juqi/contract';
import { App, Button, Card, Select, Switch, Tag, Typography, type TableColumnType } from 'antd';
import { useState } from 'react';
import { FilterBar } from '../../../components/filter-bar';
import { commonMessages } from '../../../components/messages';
import { KeywordSearch, PagedTable } from '../../../components/paged-table';
import { QueryFailure } from '../../../components/query-failure';
import { usePagedResourceList } from '../../../components/resource/resource-list';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { clearedUrlState } from '../../../lib/url-state';
import { resourceUrlFields, useEditResource, type ResourceRow } from '../../../lib/resource';
import { useCan, useShellSession } from '../../../lib/shell-session';
import { useCityProvinces } from '../api/provinces';
import { CityFormModal } from '../components/city-form-modal';
import { FlagFilter } from '../flag-filter';
import { generalMessages } from '../messages';
import '../general.css';

const resource = cityResource;

/**
 * 城市设置: the cities of the division data, found by name or pinyin and filtered by province, hot and enabled; staff
 * mark hot cities and enable or disable them in the row, and set the order in the edit form. Names where the data
 * comes from.
 */
export function CityPage() {
  const t = useMessages(generalMessages);
  const c = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const { message } = App.useApp();
  const { menus } = useShellSession();
  const can = useCan();
  const mayEdit = can(resource.operations.edit!);
  const { filter, setFilter, paging, list, keyword } = usePagedResourceList(resource);
  const provinces = useCityProvinces();
  const edit = useEditResource(resource);
  const [editing, setEditing] = useState<number | null>(null);
  // The row whose switch is saving, and which switch.
  const [saving, setSaving] = useState<{ id: number; key: 'hot' | 'enabled' } | null>(null);
  const label = (key: keyof typeof resource.fields) => resource.fields[key].label[language];

  const toggle = async (row: ResourceRow, key: 'hot' | 'enabled', value: boolean) => {
    setSaving({ id: row.id, key });
    try {
      await edit.mutateAsync({ id: row.id, [key]: value });
      void message.success(c.saved);
    } catch {
      // Shown by the API client.
    } finally {
      setSaving(null);
    }
  };
  const flag = (key: 'hot' | 'enabled', on: string, off: string, name: string) => (value: boolean, row: ResourceRow) =>
    mayEdit ? (
      <Switch
        size="small"
        checked={value}
        loading={saving?.id === row.id && saving.key === key}
        aria-label={format(name, { name: String(row.name) })}
        onChange={(checked) => void toggle(row, key, checked)}
      />
    ) : value ? (
      <Tag color={key === 'hot' ? 'volcano' : 'success'}>{on}</Tag>
    ) : (
      <Tag>{off}</Tag>
    );

  const columns: TableColumnType<ResourceRow>[] = [
    { key: 'name', dataIndex: 'name', title: label('name'), width: 150, ellipsis: true },
    { key: 'code', dataIndex: 'code', title: label('code'), width: 120 },
    { key: 'province_name', dataIndex: 'province_name', title: label('province_name'), width: 150, ellipsis: true },
    { key: 'sort', dataIndex: 'sort', title: label('sort'), width: 80, align: 'right' },
    { key: 'hot', dataIndex: 'hot', title: t.hot, width: 90, render: flag('hot', t.hot, t.notHot, t.markHot) },
    { key: 'enabled', dataIndex: 'enabled', title: label('enabled'), width: 90, render: flag('enabled', c.enabled, c.disabled, t.markEnabled) },
    { key: 'updated_at', dataIndex: 'updated_at', title: c.updatedAt, width: 160, render: (at: string) => dateTime(at) },
  ];
  if (mayEdit)
    columns.push({
      key: 'actions',
      title: c.actions,
      width: 100,
      fixed: 'end',
      render: (_: unknown, row) => (
        <Button type="link" size="small" icon={<EditOutlined aria-hidden />} onClick={() => setEditing(row.id)}>
          {c.edit}
        </Button>
      ),
    });

  if (list.isError && !list.data) return <QueryFailure error={list.error} onRetry={() => void list.refetch()} />;
  const searchLabel = format(c.searchBy, { label: `${label('name')} / ${label('pinyin')}` });
  const active = ['province_code', 'hot', 'enabled'].filter((key) => filter[key] !== undefined).length;
  return (
    <Card title={menus.routes.get(resource.menu)?.title ?? resource.label[language]} className="general-page">
      <Typography.Paragraph type="secondary" className="general-page__source">
        {format(t.source, { package: CITY_DATA_SOURCE.package, version: CITY_DATA_SOURCE.version, date: CITY_DATA_SOURCE.dataDate })}
      </Typography.Paragraph>
      <FilterBar
        search={<KeywordSearch label={searchLabel} keyword={keyword} onSearch={(words) => setFilter({ keyword: words })} onRepeat={() => void list.refetch()} maxLength={RESOURCE_KEYWORD_MAX} />}
        active={active}
        searching={keyword !== undefined}
        onClear={() => setFilter(clearedUrlState(resourceUrlFields(resource)))}
      >
        <Select<string>
          aria-label={t.province}
          className="general-filter general-filter--wide"
          value={(filter.province_code as string | undefined) ?? ''}
          loading={provinces.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(value) => setFilter({ province_code: value || undefined })}
          options={[{ value: '', label: t.allProvinces }, ...(provinces.data ?? []).map((p) => ({ value: p.code, label: p.name }))]}
        />
        <FlagFilter
          label={t.hotFilter}
          value={filter.hot as boolean | undefined}
          onChange={(hot) => setFilter({ hot })}
          texts={{ all: t.allCities, on: t.hotFilter, off: t.notHot }}
        />
        <FlagFilter
          label={t.enabledFilter}
          value={filter.enabled as boolean | undefined}
          onChange={(enabled) => setFilter({ enabled })}
          texts={{ all: t.allStates, on: c.enabled, off: c.disabled }}
        />
      </FilterBar>
      <PagedTable<ResourceRow>
        list={list}
        paging={paging}
        columns={columns}
        scrollX={columns.reduce((sum, column) => sum + Number(column.width ?? 0), 0)}
        totalText={t.cityCount}
      />
      {editing !== null && <CityFormModal id={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
