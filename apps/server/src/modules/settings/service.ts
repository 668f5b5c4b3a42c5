import type { LoginSettings, ParsedBody, settingsCalls, SystemDetails } from '@juqi/contract';
import type { SettingsStore } from '../../lib/settings/store';
import type { SiteTimeZone } from '../../lib/time-zone';

export class SettingsService {
  constructor(
    private readonly store: SettingsStore,
    private readonly timeZone: SiteTimeZone,
  ) {}

  systemDetails(): Promise<SystemDetails> {
    return this.store.get('system');
  }

  async updateSystem({ time_zone, ...details }: ParsedBody<typeof settingsCalls.systemEdit>): Promise<SystemDetails> {
    const saved = await this.store.set('system', { ...details, time_zone: time_zone ?? (await this.store.get('system')).time_zone });
    this.timeZone.changed(saved.time_zone);
    return saved;
  }

  loginSettings(): Promise<LoginSettings> {
    return this.store.get('login');
  }

  updateLogin(settings: LoginSettings): Promise<LoginSettings> {
    return this.store.set('login', settings);
  }
}
