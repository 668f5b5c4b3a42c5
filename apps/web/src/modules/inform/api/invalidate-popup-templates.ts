import type { QueryClient } from '@tanstack/react-query';
import { informKeys } from './keys';

/** After a pop-up template changed: the manage table and the publish screen's template choice. */
export async function invalidatePopupTemplates(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ queryKey: informKeys.popupTemplates });
  await client.invalidateQueries({ queryKey: informKeys.popupTemplateSelect });
}
