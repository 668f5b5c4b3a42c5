import { CITY_DATA_SOURCE, CITY_DIVISION_FIELDS, cityResource } from '@juqi/contract';
import { App, Select, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { commonMessages } from '../../../components/messages';
import { ResourcePage, type FilterControlOverrideProps, type ResourcePageOptions } from '../../../components/resource/resource-page';
import { format, useMessages } from '../../../lib/i18n';
import { useEditResource, type ResourceRow } from '../../../lib/resource';
import { useCan } from '../../../lib/shell-session';
import { useCityProvinces } from '../api/provinces';
import { generalMessages } from '../messages';
import '../general.css';

const resource = cityResource;

/** Where the cities come from. */
function CityDataSource() {
  const t = useMessages(generalMessages);
  return (
    <Typography.Paragraph type="secondary" className="general-page__source">
      {format(t.source, { package: CITY_DATA_SOURCE.package, version: CITY_DATA_SOURCE.version, date: CITY_DATA_SOURCE.dataDate })}
    </Typography.Paragraph>
  );
}

/** Why the edit form shows a city's code, name and province without an editor. */
function DivisionDataNote() {
  return <>{useMessages(generalMessages).readOnlyData}</>;
}

/** The province filter: one of the provinces the cities belong to, by name (the field holds its code). */
function ProvinceFilter({ value, onChange }: FilterControlOverrideProps) {
  const t = useMessages(generalMessages);
  const provinces = useCityProvinces();
  return (
    <Select<string>
      aria-label={t.province}
      prefix={t.province}
      className="general-filter general-filter--wide"
      value={(value as string | undefined) ?? ''}
      loading={provinces.isPending}
      showSearch={{ optionFilterProp: 'label' }}
      onChange={(code) => onChange(code || undefined)}
      options={[{ value: '', label: t.allProvinces }, ...(provinces.data ?? []).map((p) => ({ value: p.code, label: p.name }))]}
    />
  );
}

/** Hot or enabled: a switch in the row for staff who may edit cities, a tag for the others. */
function CityFlag({ row, flag }: { row: ResourceRow; flag: 'hot' | 'enabled' }) {
  const t = useMessages(generalMessages);
  const c = useMessages(commonMessages);
  const { message } = App.useApp();
  const edit = useEditResource(resource);
  const [saving, setSaving] = useState(false);
  const on = Boolean(row[flag]);
  if (!useCan()(resource.operations.edit!)) {
    if (!on) return <Tag>{flag === 'hot' ? t.notHot : c.disabled}</Tag>;
    return <Tag color={flag === 'hot' ? 'volcano' : 'success'}>{flag === 'hot' ? t.hot : c.enabled}</Tag>;
  }
  const toggle = async (checked: boolean) => {
    setSaving(true);
    try {
      await edit.mutateAsync({ id: row.id, [flag]: checked });
      void message.success(c.saved);
    } catch {
      // Shown by the API client.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Switch
      size="small"
      checked={on}
      loading={saving}
      aria-label={format(flag === 'hot' ? t.markHot : t.markEnabled, { name: String(row.name) })}
      onChange={(checked) => void toggle(checked)}
    />
  );
}

const options: ResourcePageOptions = {
  intro: <CityDataSource />,
  filterControls: { province_code: (props) => <ProvinceFilter {...props} /> },
  cells: { hot: (_, row) => <CityFlag row={row} flag="hot" />, enabled: (_, row) => <CityFlag row={row} flag="enabled" /> },
  readOnly: { keys: CITY_DIVISION_FIELDS, note: <DivisionDataNote /> },
};

/**
 * 城市设置: the cities of the division data on the resource page — found by name or pinyin, filtered by province, hot
 * and enabled; staff mark hot cities and enable or disable them in the row, and set the order in the edit form, where
 * the division data's fields are shown, not edited. Names where the data comes from.
 */
export function CityPage() {
  return <ResourcePage resource={resource} options={options} />;
}
