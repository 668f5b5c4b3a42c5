import { renderTemplate, SYSTEM_EVENTS, systemEventOf, type NotificationSubject, type SystemEventChannel, type SystemEventCode, type SystemEventSettings } from '@juqi/contract';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../../lib/audit/record';
import type { Db } from '../../lib/db/client';
import { isForeignKeyViolation } from '../../lib/db/errors';
import { AppError } from '../../lib/errors';
import type { GrantsDirectory, SystemEventOccurrence, SystemEventSink } from '../../lib/http/types';
import type { InformService } from './service';
import { SystemEventRepository, type SystemEventRecord } from './system-event-repository';

export interface SystemEventInput {
  code: SystemEventCode;
  enabled: boolean;
  channels: SystemEventChannel[];
  role_ids: number[];
  type: number;
  title: string;
  content: string;
}

const toSettings = (row: SystemEventRecord): SystemEventSettings => ({
  code: row.code as SystemEventCode,
  enabled: row.enabled,
  channels: row.channels,
  role_ids: row.roleIds,
  type: row.type,
  title: row.title,
  content: row.content,
  updated_at: row.updatedAt.toISOString(),
});

/**
 * 系统通知: the settings of the contract's fixed catalogue of system events, and their delivery. When a feature raises
 * an event, its site message (站内信) is posted through the notification service to whom the settings name: staff
 * holding the chosen roles, the user it concerns, the staff who asked, or the approvers it waits for. SMS and WeChat are chosen here ahead of their
 * senders; nothing sends them yet (docs/notifications.md).
 */
export class SystemEventService implements SystemEventSink {
  private readonly repo: SystemEventRepository;

  constructor(
    private readonly db: Db,
    private readonly inform: InformService,
    private readonly grants: GrantsDirectory,
    private readonly log: FastifyBaseLogger,
  ) {
    this.repo = new SystemEventRepository(db);
  }

  /** Every event of the catalogue, in its order. */
  async list(): Promise<SystemEventSettings[]> {
    const rows = new Map((await this.repo.all()).map((row) => [row.code, row]));
    return SYSTEM_EVENTS.flatMap((event) => {
      const row = rows.get(event.code);
      return row ? [toSettings(row)] : [];
    });
  }

  /** Saves an event's settings (the contract has checked them against the catalogue), audited with before and after. */
  async edit(input: SystemEventInput, by: { staffId: number; ip: string }): Promise<SystemEventSettings> {
    const { code, role_ids: roleIds, ...values } = input;
    try {
      return await this.db.transaction(async (tx) => {
        const before = await this.repo.find(code, tx);
        if (!before) throw AppError.notFound();
        await this.repo.update(code, values, [...new Set(roleIds)], tx);
        const after = toSettings((await this.repo.find(code, tx))!);
        await recordAudit(tx, { staffId: by.staffId, action: 'inform.system_event.edit', target: `inform.system_event:${code}`, detail: { before: toSettings(before), after }, ip: by.ip });
        return after;
      });
    } catch (err) {
      if (isForeignKeyViolation(err)) throw AppError.invalid('role_ids', { 'zh-CN': '所选角色不存在', 'en-US': 'a chosen role does not exist' });
      throw err;
    }
  }

  async raise(code: SystemEventCode, occurrence: SystemEventOccurrence): Promise<void> {
    try {
      await this.notify(code, occurrence);
    } catch (err) {
      // What happened stands whether or not it could be noticed; the feature that raised it carries on.
      this.log.error({ err, event: code }, 'system event notice failed');
    }
  }

  async changed(subject: NotificationSubject, staffIds: number[]): Promise<void> {
    await this.inform.changed(subject, staffIds);
  }

  private async notify(code: SystemEventCode, occurrence: SystemEventOccurrence): Promise<void> {
    const event = systemEventOf(code);
    const settings = await this.repo.find(code);
    if (!event || !settings?.enabled || !settings.channels.includes('site')) return;
    const message = {
      type: settings.type,
      title: renderTemplate(settings.title, occurrence.params).slice(0, 100),
      content: renderTemplate(settings.content, occurrence.params).slice(0, 5000),
      params: {},
      subject: occurrence.subject,
    };
    if (event.audience === 'user') {
      if (occurrence.userId === undefined) return;
      await this.inform.publishNotification({ ...message, target: 'users', staff_ids: [], selection: { mode: 'ids', ids: [occurrence.userId] } }, null);
      return;
    }
    const named = event.audience === 'approvers' ? (occurrence.staffIds ?? []) : occurrence.staffId === undefined ? [] : [occurrence.staffId];
    const staffIds = event.audience === 'roles' ? await this.holders(settings.roleIds) : await this.inform.repo.activeStaffIds(named);
    if (staffIds.length) await this.inform.publishNotification({ ...message, target: 'staff', staff_ids: staffIds }, null);
  }

  /** Active staff holding any of the roles (the power module knows who holds what). */
  private async holders(roleIds: number[]): Promise<number[]> {
    if (!roleIds.length) return [];
    const staffIds = await this.inform.repo.allActiveStaffIds();
    const rolesOf = await this.grants.roleIdsOf(staffIds);
    const wanted = new Set(roleIds);
    return staffIds.filter((id) => rolesOf.get(id)?.some((roleId) => wanted.has(roleId)));
  }
}
