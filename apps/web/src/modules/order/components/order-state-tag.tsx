import { codeName, ORDER_STATE_NAMES, type OrderState } from '@juqi/contract';
import { CellTag, type CellTone } from '../../../components/table-cells';
import { usePreferences } from '../../../lib/preferences';

/** Waiting for the payer warns, an order under way is in progress, money kept succeeds, money given back is red. */
const STATE_TONE: Record<OrderState, CellTone> = { created: 'warning', paid: 'processing', in_service: 'processing', completed: 'success', cancelled: 'default', refunded: 'error' };

/** 待付款 / 已付款 / 服务中 / 已完成 / 已取消 / 已退款, coloured by what it means for the money. */
export function OrderStateTag({ state }: { state: OrderState }) {
  const language = usePreferences((s) => s.language);
  return <CellTag tone={STATE_TONE[state]}>{codeName(ORDER_STATE_NAMES, state, language)}</CellTag>;
}
