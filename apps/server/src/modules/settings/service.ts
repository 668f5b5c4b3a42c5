import type { SystemDetails } from '@juqi/contract';
import type { SettingsStore } from '../../lib/settings/store';

export class SettingsService {
  constructor(private readonly store: SettingsStore) {}

  systemDetails(): Promise<SystemDetails> {
    return this.store.get('system');
  }

  updateSystem(details: SystemDetails): Promise<SystemDetails> {
    return this.store.set('system', details);
  }
}
