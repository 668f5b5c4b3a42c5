import { utcOffsetOf } from '@juqi/contract';
import { Select } from 'antd';
import { useMemo } from 'react';
import type { Language } from '../../../lib/preferences';
import { usePreferences } from '../../../lib/preferences';

interface ZoneOption {
  value: string;
  label: string;
  offsetMinutes: number;
}

/** The zone's name in the language (中国标准时间, Central European Time); empty where `Intl` has none. */
function zoneName(zone: string, language: Language, now: number): string {
  try {
    const parts = new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(now);
    const name = parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
    // Zones without a name of their own are named by their offset (GMT+03:00), which the label shows already.
    return /^(GMT|UTC)([+-]|$)/.test(name) ? '' : name;
  } catch {
    return '';
  }
}

function offsetMinutes(offset: string): number {
  const sign = offset.startsWith('-') ? -1 : 1;
  const [hours, minutes] = offset.slice(1).split(':').map(Number);
  return sign * (hours! * 60 + minutes!);
}

function zoneOption(zone: string, language: Language, now: number): ZoneOption {
  const offset = utcOffsetOf(zone, now);
  const name = zoneName(zone, language, now);
  const label = `UTC${offset} ${zone}${name ? (language === 'zh-CN' ? `（${name}）` : ` (${name})`) : ''}`;
  return { value: zone, label, offsetMinutes: offsetMinutes(offset) };
}

const byOffset = (a: ZoneOption, b: ZoneOption) => a.offsetMinutes - b.offsetMinutes || a.value.localeCompare(b.value);

// Naming ~420 zones takes tens of milliseconds: once per language and page load.
const listed = new Map<Language, ZoneOption[]>();

/**
 * Every zone this browser's `Intl` knows, with UTC and the saved one (which the server spells as its own `Intl` does,
 * perhaps by an older name), labelled `UTC+08:00 Asia/Shanghai（中国标准时间）` and ordered by their offset now.
 */
export function zoneOptions(saved: string, language: Language): ZoneOption[] {
  let options = listed.get(language);
  if (!options) {
    const now = Date.now();
    options = [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])].map((zone) => zoneOption(zone, language, now)).sort(byOffset);
    listed.set(language, options);
  }
  return !saved || options.some((option) => option.value === saved) ? options : [...options, zoneOption(saved, language, Date.now())].sort(byOffset);
}

interface TimeZoneSelectProps {
  id?: string;
  value?: string;
  onChange?: (zone: string) => void;
  disabled?: boolean;
  placeholder: string;
}

/** A searchable list of time zones: type part of a name, a city or an offset (`+08:00`). */
export function TimeZoneSelect({ id, value = '', onChange, disabled, placeholder }: TimeZoneSelectProps) {
  const language = usePreferences((s) => s.language);
  const options = useMemo(() => zoneOptions(value, language), [language, value]);
  return (
    <Select
      id={id}
      value={value || undefined}
      onChange={onChange}
      disabled={disabled}
      options={options}
      showSearch={{
        filterOption: (input, option) => (option?.label ?? '').toLowerCase().includes(input.trim().toLowerCase()),
      }}
      placeholder={placeholder}
      className="settings-time-zone"
      popupMatchSelectWidth={false}
    />
  );
}
