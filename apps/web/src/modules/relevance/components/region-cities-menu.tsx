import { EnvironmentOutlined } from '@ant-design/icons';
import { regionResource } from '@juqi/contract';
import { lazy, Suspense } from 'react';
import type { RowMenuItem } from '../../../components/resource';
import { format, useMessages } from '../../../lib/i18n';
import type { ResourceRow } from '../../../lib/resource';
import { useCan } from '../../../lib/shell-session';
import { useCityRegions } from '../api';
import { relevanceMessages } from '../messages';

// The picker (a tree of every city) loads the first time a region's cities open.
const RegionCitiesDrawer = lazy(() => import('./region-cities-drawer').then((m) => ({ default: m.RegionCitiesDrawer })));

/** 城市（n） in the row's menu: how many cities the region holds (one query for the whole list). */
function RegionCitiesLabel({ row }: { row: ResourceRow }) {
  const t = useMessages(relevanceMessages);
  const cities = useCityRegions();
  const count = cities.data?.filter((city) => city.region_id === row.id).length;
  return <>{count === undefined ? t.cities : format(t.citiesCount, { count })}</>;
}

/** The region's city picker, read-only without the edit operation. */
function RegionCities({ row, onClose }: { row: ResourceRow; onClose: () => void }) {
  const can = useCan();
  return (
    <Suspense>
      <RegionCitiesDrawer region={{ id: row.id, name: String(row.name) }} editable={can(regionResource.operations.edit!)} onClose={onClose} />
    </Suspense>
  );
}

/** A region's 更多 › 城市（n）: how many cities it holds, opening the city picker. */
export const regionCitiesMenu = (row: ResourceRow): RowMenuItem[] => [
  { key: 'cities', label: <RegionCitiesLabel row={row} />, icon: <EnvironmentOutlined aria-hidden />, open: (close) => <RegionCities row={row} onClose={close} /> },
];
