import { agencyActivitySettings, agencyBasicSettings, agencyLevel, agencyLoginSettings, yuanText } from '@juqi/contract';
import { resourceRoutes } from '../../lib/crud/resource-routes';
import { AppError } from '../../lib/errors';
import { lazyService } from '../../lib/http/types';
import type { ServerModule } from '../../lib/module';
import { readSettingsDocument, settingsDocumentRoutes } from '../../lib/settings/document';
import { registerAgencyList } from './agencies';
import { AGENT, registerAgencyApplications } from './applications';
import { registerBusinessApplications } from './business-applications';
import { registerCertifications } from './certifications';
import { AGENCY_FIGURES_CRON, AGENCY_FIGURES_JOB, computeAgencyFigures, figuresNeverComputed } from './figures';
import { seedAgencies } from './seed';
import { AgencyRepository } from './repository';
import { agencyLevel as agencyLevelTable } from './table';

/** The entry level: every user holds it until promoted. */
const ENTRY_LEVEL = 0;

/**
 * 代理设置 (docs/marketplace.md › Agencies): 代理等级, the agency levels (the six default levels come with the
 * migration), the settings documents 基础设置, 代理登录 (whose rules the app sign-in asks of an agency) and 代理活跃度,
 * 代理申请 (applications.ts), 全部代理 (agencies.ts) and 业务申请 (business-applications.ts).
 */
export const agencyModule: ServerModule = {
  name: 'agency',
  routes: async (app) => {
    const repo = new AgencyRepository(app.database.db);

    resourceRoutes(app, agencyLevel, agencyLevelTable, {
      // The entry level stays level 0, enabled, at threshold 0; every other level's threshold lies strictly between
      // those of the levels next to it, so a higher level always asks for more sales.
      async beforeWrite(values, { tx, before }) {
        const level = (values.level ?? before?.level) as number;
        const threshold = (values.threshold ?? before?.threshold) as number;
        if (before?.level === ENTRY_LEVEL) {
          if (level !== ENTRY_LEVEL) throw AppError.invalid('level', { 'zh-CN': '入门等级固定为 0', 'en-US': 'the entry level stays at 0' });
          if ((values.enabled ?? before.enabled) === false) throw AppError.invalid('enabled', { 'zh-CN': '入门等级不能停用', 'en-US': 'the entry level cannot be disabled' });
        }
        if (level === ENTRY_LEVEL && threshold !== 0) throw AppError.invalid('threshold', { 'zh-CN': '入门等级的升级门槛为 ¥ 0.00', 'en-US': 'the entry level is reached with ¥ 0.00' });
        const others = await repo.lockLevels(before?.id as number | undefined, tx);
        const below = others.filter((other) => other.level < level).at(-1);
        const above = others.find((other) => other.level > level);
        if (below && threshold <= below.threshold)
          throw AppError.invalid('threshold', {
            'zh-CN': `须高于等级 ${below.level}（${below.name}）的 ${yuanText(below.threshold)}`,
            'en-US': `must be above the ${yuanText(below.threshold)} of level ${below.level} (${below.name})`,
          });
        if (above && threshold >= above.threshold)
          throw AppError.invalid('threshold', {
            'zh-CN': `须低于等级 ${above.level}（${above.name}）的 ${yuanText(above.threshold)}`,
            'en-US': `must be below the ${yuanText(above.threshold)} of level ${above.level} (${above.name})`,
          });
      },
      // A level users hold is refused by the users' foreign key (40900, in use).
      async beforeDelete(id, { tx }) {
        if ((await repo.level(id, tx))?.level === ENTRY_LEVEL)
          throw AppError.conflict({ 'zh-CN': '入门等级不能删除', 'en-US': 'The entry level cannot be deleted' }, 'level');
      },
    });

    settingsDocumentRoutes(app, agencyBasicSettings);
    registerAgencyApplications(app);
    registerAgencyList(app);
    registerBusinessApplications(app);
    registerCertifications(app);
    settingsDocumentRoutes(app, agencyLoginSettings);
    app.access.appSignInRules = async (user, platform) => {
      if (user.typeUser !== AGENT) return {};
      const { platforms, max_sessions } = await readSettingsDocument(app.database.db, agencyLoginSettings);
      if (!platforms.includes(platform)) return { refusal: { 'zh-CN': '代理账号不允许在此平台登录', 'en-US': 'Agencies may not sign in on this platform' } };
      return { maxSessions: max_sessions };
    };
    // The bands read from the top: 活跃 at or above its line, then 一般, then 沉睡, so 一般's line lies below 活跃's.
    settingsDocumentRoutes(app, agencyActivitySettings, {
      async check(values) {
        if ((values.normal_from as number) >= (values.active_from as number))
          throw AppError.invalid('normal_from', { 'zh-CN': `须低于活跃分数线 ${String(values.active_from)}`, 'en-US': `must be below the active line, ${String(values.active_from)}` });
      },
    });

    const timeZone = lazyService(app.access, 'timeZone', 'settings');
    app.jobs.work(
      AGENCY_FIGURES_JOB,
      async () => {
        const figures = await computeAgencyFigures(app.database.db, app.clock, await timeZone.current());
        app.log.info(figures, 'agency figures computed');
      },
      { policy: 'short', retryLimit: 2, retryDelay: 300 },
    );
    app.addHook('onReady', async () => {
      await app.jobs.schedule(AGENCY_FIGURES_JOB, AGENCY_FIGURES_CRON, await timeZone.current());
      // A new installation (or the demo) has its figures at once rather than after the first night.
      if (app.jobs.worked && (await figuresNeverComputed(app.database.db))) await app.jobs.send(AGENCY_FIGURES_JOB, {}, { singletonKey: 'first' });
    });
  },
  seed: seedAgencies,
};