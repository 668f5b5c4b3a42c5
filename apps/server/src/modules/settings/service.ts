import type { LoginSettings, SystemDetails } from '@juqi/contract';
import type { SettingsStore } from '../../lib/settings/store';

export class SettingsService {
  constructor(private readonly store: SettingsStore) {}

  systemDetails(): Promise<SystemDetails> {
    return this.store.get('system');
  }

  updateSystem(details: SystemDetails): Promise<SystemDetails> {
    return this.store.set('system', details);
  }

  loginSettings(): Promise<LoginSettings> {
    return this.store.get('login');
  }

  updateLogin(settings: LoginSettings): Promise<LoginSettings> {
    return this.store.set('login', settings);
  }
}
