import { EnvironmentOutlined } from '@ant-design/icons';
import { regionResource } from '@juqi/contract';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { format, useMessages } from '../../../lib/i18n';
import type { ResourceRow } from '../../../lib/resource';
import { useCan } from '../../../lib/shell-session';
import { useCityRegions } from '../api';
import { relevanceMessages } from '../messages';

// The picker (a tree of every city) loads the first time a region's cities open.
const RegionCitiesDrawer = lazy(() => import('./region-cities-drawer').then((m) => ({ default: m.RegionCitiesDrawer })));

/** A region's row action 城市（n）: how many cities it holds, opening the city picker (read-only without the edit operation). */
export function RegionCitiesButton({ row }: { row: ResourceRow }) {
  const t = useMessages(relevanceMessages);
  const can = useCan();
  // One query for the whole list: every row counts its cities in the same answer.
  const cities = useCityRegions();
  const [open, setOpen] = useState(false);
  const count = cities.data?.filter((city) => city.region_id === row.id).length;
  return (
    <>
      <Button type="link" size="small" icon={<EnvironmentOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {count === undefined ? t.cities : format(t.citiesCount, { count })}
      </Button>
      {open && (
        <Suspense>
          <RegionCitiesDrawer region={{ id: row.id, name: String(row.name) }} editable={can(regionResource.operations.edit!)} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
