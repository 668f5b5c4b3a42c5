import { IMAGE_EXTENSIONS, UPLOAD_URL_PREFIX, uploadPathField, type LoginSettings, type ParsedBody, type settingsCalls, type SystemDetails } from '@juqi/contract';
import { recordAudit } from '../../lib/audit/record';
import type { Db } from '../../lib/db/client';
import { AppError } from '../../lib/errors';
import type { Principal } from '../../lib/http/types';
import type { SettingsStore } from '../../lib/settings/store';
import type { SiteTimeZone } from '../../lib/time-zone';
import { SettingsRepository } from './repository';

/** Who saved, from where: for the audit log. */
export interface Actor {
  principal: Principal;
  ip: string;
}

const notALogo = () =>
  AppError.invalid('pc_logo', { 'zh-CN': '请使用在本站上传的公开图片（PNG、JPG、GIF 或 WEBP）', 'en-US': 'use a public picture uploaded to this site (PNG, JPG, GIF or WEBP)' });

export class SettingsService {
  private readonly repo: SettingsRepository;

  constructor(
    private readonly db: Db,
    private readonly store: SettingsStore,
    private readonly timeZone: SiteTimeZone,
  ) {
    this.repo = new SettingsRepository(db);
  }

  systemDetails(): Promise<SystemDetails> {
    return this.store.get('system');
  }

  /**
   * The logo must be a public picture uploaded here: the sign-in page shows it to visitors without a session, and the
   * page's Content-Security-Policy loads images from this site only. Stored as its `/uploads/…` URL.
   */
  private async logoUrl(value: string): Promise<string> {
    if (value === '') return '';
    const parsed = uploadPathField.safeParse(value);
    if (!parsed.success) throw notALogo();
    const extension = parsed.data.slice(parsed.data.lastIndexOf('.') + 1);
    if (!IMAGE_EXTENSIONS.includes(extension) || !(await this.repo.isPublicUpload(parsed.data))) throw notALogo();
    return UPLOAD_URL_PREFIX + parsed.data;
  }

  async updateSystem({ time_zone, website, pc_logo }: ParsedBody<typeof settingsCalls.systemEdit>, actor: Actor): Promise<SystemDetails> {
    const before = await this.store.get('system');
    // A logo saved before these checks existed stays as it is when the save keeps it.
    const logo = pc_logo === before.pc_logo ? pc_logo : await this.logoUrl(pc_logo);
    const saved = await this.db.transaction(async (tx) => {
      const stored = await this.store.set('system', { website, pc_logo: logo, time_zone: time_zone ?? before.time_zone }, tx);
      // Named by its operation code in the operation log, which shows the document before and after field by field.
      await recordAudit(tx, { staffId: actor.principal.staffId, action: 'settings.system.edit', target: 'settings:system', detail: { before, after: stored }, ip: actor.ip });
      return stored;
    });
    this.timeZone.changed(saved.time_zone);
    return saved;
  }

  loginSettings(): Promise<LoginSettings> {
    return this.store.get('login');
  }

  async updateLogin(settings: LoginSettings, actor: Actor): Promise<LoginSettings> {
    const before = await this.store.get('login');
    return this.db.transaction(async (tx) => {
      const stored = await this.store.set('login', settings, tx);
      await recordAudit(tx, { staffId: actor.principal.staffId, action: 'settings.login.edit', target: 'settings:login', detail: { before, after: stored }, ip: actor.ip });
      return stored;
    });
  }
}
