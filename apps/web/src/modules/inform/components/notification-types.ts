import { NOTIFICATION_TYPES } from '@juqi/contract';
import { useMemo } from 'react';
import { useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { informMessages } from '../messages';

export interface TypeOption {
  value: number;
  label: string;
}

/**
 * The notification types 1–5 in the UI language (§9: ids 0 to 5), and the filter's options with 全部 (0) first.
 * `nameOf` answers a type's label.
 */
export function useNotificationTypes(): { types: TypeOption[]; filterOptions: TypeOption[]; nameOf: (type: number) => string } {
  const t = useMessages(informMessages);
  const english = usePreferences((s) => s.language) === 'en-US';
  return useMemo(() => {
    const types = NOTIFICATION_TYPES.map((x) => ({ value: x.value as number, label: english ? x.en : x.label }));
    return {
      types,
      filterOptions: [{ value: 0, label: t.typeAll }, ...types],
      nameOf: (type: number) => types.find((x) => x.value === type)?.label ?? String(type),
    };
  }, [english, t.typeAll]);
}
