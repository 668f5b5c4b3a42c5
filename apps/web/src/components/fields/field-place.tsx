import { AimOutlined } from '@ant-design/icons';
import { COORDINATE_SYSTEMS, generalCalls, type PlaceValue, type ProvinceCities } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Cascader, Input, InputNumber, Select, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { callApi } from '../../lib/api-client';
import { format, useMessages } from '../../lib/i18n';
import { TextCell, TextDetail, type FieldDisplayProps } from './field-displays';
import type { FieldEditorProps } from './field-editors';
import { fieldMessages } from './field-messages';
import './field-place.css';

/**
 * position and location (docs/field-types.md): a region picked from 城市设置's cities, a typed address, and optional
 * coordinates in their system. No map provider is configured, so coordinates are typed or taken from the browser's
 * geolocation; a map picker would hand its pick to the editor's `patch` (address, lng, lat and its system), and its
 * marker page would replace `mapLinkOf`.
 */

type CoordinateSystem = (typeof COORDINATE_SYSTEMS)[number];
const SYSTEM_WORDS = { gcj02: 'placeGcj02', wgs84: 'placeWgs84', bd09: 'placeBd09' } as const satisfies Record<CoordinateSystem, string>;
/** What a typed pair is taken as: the system of Chinese web maps (Amap, Tencent), where staff usually copy it from. */
const DEFAULT_SYSTEM: CoordinateSystem = 'gcj02';

/** The enabled provinces with their cities, under the city resource's key: editing 城市设置 refreshes it. */
function useCityTree() {
  return useQuery({ queryKey: ['general', 'city', 'tree'], queryFn: () => callApi(generalCalls.cityTree), staleTime: 30 * 60_000 });
}

const isPlace = (value: unknown): value is PlaceValue => typeof value === 'object' && value !== null && typeof (value as { address?: unknown }).address === 'string';

/** The province and city of a place by name; a code the tree does not hold (not loaded, or disabled since) as the code. */
function regionNames(tree: readonly ProvinceCities[] | undefined, place: PlaceValue): string[] {
  const province = tree?.find((p) => p.code === place.province_code);
  const city = province?.cities.find((c) => c.code === place.city_code);
  return [place.province_code && (province?.name ?? place.province_code), place.city_code && (city?.name ?? place.city_code)].filter((name): name is string => !!name);
}

const hasCoordinates = (place: PlaceValue): place is PlaceValue & { lng: number; lat: number } => place.lng !== undefined && place.lat !== undefined;

/**
 * Where the coordinates show on a map, by their system: Amap's marker page reads GCJ-02, OpenStreetMap WGS-84. BD-09
 * gets no link: Baidu's marker page wants the caller's registered app name.
 */
function mapLinkOf(place: PlaceValue): string | null {
  if (!hasCoordinates(place)) return null;
  const { lng, lat } = place;
  if (place.coordinate_system === 'gcj02') return `https://uri.amap.com/marker?position=${lng},${lat}&name=${encodeURIComponent(place.address)}`;
  if (place.coordinate_system === 'wgs84') return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
  return null;
}

/** What the staff has entered so far; a place only once it has an address or coordinates. */
interface PlaceDraft {
  region: string[];
  address: string;
  lng: number | null;
  lat: number | null;
  coordinate_system: CoordinateSystem;
}

function draftOf(value: unknown): PlaceDraft {
  const place = isPlace(value) ? value : null;
  const region = place?.province_code ? [place.province_code, ...(place.city_code ? [place.city_code] : [])] : [];
  return { region, address: place?.address ?? '', lng: place?.lng ?? null, lat: place?.lat ?? null, coordinate_system: place?.coordinate_system ?? DEFAULT_SYSTEM };
}

/** The stored value, unset parts left out; null while there is neither an address nor coordinates. */
function placeOf({ region: [province, city], address, lng, lat, coordinate_system }: PlaceDraft): PlaceValue | null {
  if (!address.trim() && lng === null && lat === null) return null;
  return {
    ...(province && { province_code: province }),
    ...(city && { city_code: city }),
    address,
    ...(lng !== null && { lng }),
    ...(lat !== null && { lat }),
    coordinate_system,
  };
}

const toMicroDegrees = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

/**
 * The region (province, or province and city), the address and the coordinates of a place. The parts are kept here and
 * the form gets the whole place, or null while it has no address (a region alone is not a place).
 */
export function PlaceEditor({ value, onChange, id, onBlur, disabled }: FieldEditorProps) {
  const t = useMessages(fieldMessages);
  const cityTree = useCityTree();
  const [draft, setDraft] = useState(() => draftOf(value));
  // The value the form holds as far as this editor knows; any other one was set from outside (a reset, a loaded record).
  const [known, setKnown] = useState<unknown>(value ?? null);
  if ((value ?? null) !== known) {
    setKnown(value ?? null);
    setDraft(draftOf(value));
  }
  // The latest parts, for the geolocation answer that arrives after later typing.
  const latest = useRef(draft);
  useEffect(() => {
    latest.current = draft;
  });
  const [locating, setLocating] = useState(false);
  const [locateFailed, setLocateFailed] = useState(false);

  const patch = (changes: Partial<PlaceDraft>) => {
    const next = { ...latest.current, ...changes };
    latest.current = next;
    setDraft(next);
    const place = placeOf(next);
    // A region picked before the address changes nothing the form holds.
    if (place === null && known === null) return;
    setKnown(place);
    onChange?.(place);
  };

  const locate = () => {
    setLocating(true);
    setLocateFailed(false);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        patch({ lng: toMicroDegrees(coords.longitude), lat: toMicroDegrees(coords.latitude), coordinate_system: 'wgs84' });
      },
      () => {
        setLocating(false);
        setLocateFailed(true);
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  const regions: RegionOption[] = (cityTree.data ?? []).map((province) => ({
    value: province.code,
    label: province.name,
    ...(province.cities.length > 0 && { children: province.cities.map((city) => ({ value: city.code, label: city.name })) }),
  }));
  const halfCoordinates = (draft.lng === null) !== (draft.lat === null);

  return (
    <div className="field-place">
      <div className="field-place__line">
        <Cascader<RegionOption>
          aria-label={t.placeRegion}
          className="field-place__region"
          disabled={disabled}
          options={regions}
          loading={cityTree.isLoading}
          value={draft.region}
          onChange={(codes) => patch({ region: codes ?? [] })}
          placeholder={format(t.choose, { label: t.placeRegion })}
          // A province alone is a region; its city may stay unknown.
          changeOnSelect
          showSearch
        />
        <Input
          id={id}
          onBlur={onBlur}
          disabled={disabled}
          className="field-place__address"
          value={draft.address}
          onChange={(event) => patch({ address: event.target.value })}
          placeholder={format(t.enter, { label: t.placeAddress })}
          allowClear
        />
      </div>
      <div className="field-place__line" role="group" aria-label={t.placeCoordinates}>
        <Typography.Text type="secondary">{t.placeCoordinates}</Typography.Text>
        <InputNumber<number>
          aria-label={t.placeLng}
          placeholder={t.placeLng}
          disabled={disabled}
          min={-180}
          max={180}
          value={draft.lng}
          onChange={(lng) => patch({ lng })}
          status={halfCoordinates && draft.lng === null ? 'warning' : undefined}
        />
        <InputNumber<number>
          aria-label={t.placeLat}
          placeholder={t.placeLat}
          disabled={disabled}
          min={-90}
          max={90}
          value={draft.lat}
          onChange={(lat) => patch({ lat })}
          status={halfCoordinates && draft.lat === null ? 'warning' : undefined}
        />
        <Select<CoordinateSystem>
          aria-label={t.placeSystem}
          className="field-place__system"
          disabled={disabled}
          value={draft.coordinate_system}
          onChange={(coordinate_system) => patch({ coordinate_system })}
          options={COORDINATE_SYSTEMS.map((system) => ({ value: system, label: t[SYSTEM_WORDS[system]] }))}
        />
        {'geolocation' in navigator && (
          <Button icon={<AimOutlined />} title={t.placeLocateHint} disabled={disabled} loading={locating} onClick={locate}>
            {t.placeLocate}
          </Button>
        )}
      </div>
      {halfCoordinates && <Typography.Text type="warning">{t.placeBothCoordinates}</Typography.Text>}
      {locateFailed && <Typography.Text type="danger">{t.placeLocateFailed}</Typography.Text>}
    </div>
  );
}

type FieldTexts = (typeof fieldMessages)['zh-CN'];

/** 113.94, 22.54 · GCJ-02 国测局 */
const coordinatesText = (place: PlaceValue, t: FieldTexts) => (hasCoordinates(place) ? `${place.lng}, ${place.lat} · ${t[SYSTEM_WORDS[place.coordinate_system]]}` : '');

/** The address on one line; the region and coordinates in its tooltip. */
export function PlaceCell(props: FieldDisplayProps) {
  const t = useMessages(fieldMessages);
  const cityTree = useCityTree();
  const { value } = props;
  if (!isPlace(value)) return <TextCell {...props} />;
  const whole = [[...regionNames(cityTree.data, value), value.address].join(' '), coordinatesText(value, t)].filter(Boolean).join('\n');
  return (
    <span className="field-place__cell" title={whole}>
      {value.address}
    </span>
  );
}

/** The region and address, then the coordinates in their system with a map link where one reads that system. */
export function PlaceDetail(props: FieldDisplayProps) {
  const t = useMessages(fieldMessages);
  const cityTree = useCityTree();
  const { value } = props;
  if (!isPlace(value)) return <TextDetail {...props} />;
  const link = mapLinkOf(value);
  return (
    <span className="field-place__detail">
      <span>{[...regionNames(cityTree.data, value), value.address].join(' ')}</span>
      {hasCoordinates(value) && (
        <span className="field-place__coordinates">
          {coordinatesText(value, t)}
          {link && (
            <a href={link} target="_blank" rel="noopener noreferrer">
              {t.placeOpenMap}
            </a>
          )}
        </span>
      )}
    </span>
  );
}
