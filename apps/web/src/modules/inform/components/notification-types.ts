import { useMemo } from 'react';
import { useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useTypeOptions } from '../api/get-type-options';
import { informMessages } from '../messages';

export interface TypeOption {
  value: number;
  label: string;
}

export interface NotificationType extends TypeOption {
  /** `#rrggbb`. */
  color: string;
  /** Offered to publishers. */
  enabled: boolean;
}

/**
 * The notification types as staff set them up on 通知类型 (names, colours, order, whether publishers may choose them),
 * in the UI's language. `filterOptions` lists every type after 全部 (0): notifications of a type turned off still
 * exist. `offered(current)` is what a form lets the staff choose: the enabled types, and the value a record already
 * holds. Until the types have loaded there are none, and `typeOf` answers undefined.
 */
export function useNotificationTypes() {
  const t = useMessages(informMessages);
  const english = usePreferences((s) => s.language) === 'en-US';
  const { data } = useTypeOptions();
  return useMemo(() => {
    const types: NotificationType[] = (data ?? []).map((x) => ({ value: x.id, label: english ? x.name_en : x.name, color: x.color, enabled: x.enabled }));
    const optionOf = ({ value, label }: NotificationType): TypeOption => ({ value, label });
    return {
      types,
      filterOptions: [{ value: 0, label: t.typeAll }, ...types.map(optionOf)],
      offered: (current?: number): TypeOption[] => types.filter((x) => x.enabled || x.value === current).map(optionOf),
      typeOf: (type: number) => types.find((x) => x.value === type),
    };
  }, [data, english, t.typeAll]);
}
