import path from 'node:path';
import { appUserAuthCalls, authCalls, ErrorCode } from '@juqi/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { sendError } from '../../lib/http/envelope';
import { route } from '../../lib/http/route';
import { lazyService } from '../../lib/http/types';
import type { ServerModule } from '../../lib/module';
import { SettingsStore } from '../../lib/settings/store';
import { AppUserRepository } from './app-user-repository';
import { AppUserSignIn } from './app-user-sign-in';
import { AuthRepository } from './repository';
import { seedAuth } from './seed';
import { AppUserSessionService, SessionService } from './sessions';
import { SignInGuard } from './sign-in-guard';
import { SignInService } from './sign-in-service';
import { HttpSmsSender, LogSmsSender } from './sms';
import { StaffService } from './staff-service';

const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });

/**
 * Sign-in routes share one counter per IP (`signInRequestsPerMinute`, 10), whichever route they use; the marketplace
 * users' sign-in routes count alike on a counter of their own, so app users behind an office's address cannot keep its
 * staff from signing in.
 */
const SIGN_IN_COUNTERS = new Map<string, string>([
  ...[authCalls.login, authCalls.smsLogin, authCalls.sendSmsCode].map((call) => [call.path, 'sign-in'] as const),
  ...[appUserAuthCalls.smsLogin, appUserAuthCalls.sendSmsCode].map((call) => [call.path, 'app-sign-in'] as const),
]);

export const authModule: ServerModule = {
  name: 'auth',
  seed: seedAuth,
  routes: async (app) => {
    const db = app.database.db;
    const repo = new AuthRepository(db);
    const grants = lazyService(app.access, 'grants', 'power');
    const sessions = new SessionService(repo, new SettingsStore(db), grants, app.clock);
    const sms =
      app.config.sms.sender === 'http'
        ? new HttpSmsSender(app.config.sms.httpUrl!, app.config.sms.httpToken)
        : new LogSmsSender(app.log, path.join(app.config.dataDir, 'sms-outbox.jsonl'));
    const guard = new SignInGuard(repo, app.clock);
    const signIn = new SignInService(repo, sessions, sms, guard, grants, app.clock);
    const staff = new StaffService(db, repo, sessions, grants, guard, signIn, app.clock);
    const appUserRepo = new AppUserRepository(db);
    const appUserSessions = new AppUserSessionService(db, appUserRepo, () => sessions.loginSettings(), app.clock);
    const appUsers = new AppUserSignIn(appUserRepo, appUserSessions, signIn, app.clock, () => app.access.appSignInRules);

    app.access.resolveSession = (token) => sessions.resolve(token);
    app.access.resolveAppUser = (token) => appUserSessions.resolve(token);
    app.access.sessionEvents = sessions;
    app.access.accounts = {
      summaries: async (ids, tx) => new Map((await repo.staffSummaries(ids, tx)).map((row) => [row.id, row])),
      assertMayManage: (id, actor, action) => staff.assertMayManageAccount(id, actor, action),
      disable: (id, reason, tx) => staff.disableForLeaving(id, reason, tx),
    };
    // Record-picking fields of type user and single_user pick staff.
    app.access.lookups.provide('staff', { search: (keyword, limit) => repo.staffMatching(keyword, limit), named: (ids, tx) => repo.staffNamed(ids, tx) });
    app.addHook('onReady', async () => grants.onChange(() => sessions.forgetAll()));

    const limitSignIn = app.createRateLimit({
      max: app.config.signInRequestsPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => `${SIGN_IN_COUNTERS.get(request.routeOptions.url ?? '')}:${request.ip}`,
    });
    app.addHook('onRequest', async (request, reply) => {
      if (!SIGN_IN_COUNTERS.has(request.routeOptions.url ?? '')) return;
      const limit = await limitSignIn(request);
      if (!limit.isAllowed && limit.isExceeded) {
        return sendError(reply, new AppError(ErrorCode.TOO_MANY, undefined, { retry_after: limit.ttlInSeconds }));
      }
    });

    route(app, authCalls.login, ({ body, request }) => signIn.withPassword(body.staff_num, body.user_pwd, body.sign, client(request)));
    route(app, authCalls.sendSmsCode, ({ body, request }) => signIn.sendCode(body.staff_tel, client(request)));
    route(app, authCalls.smsLogin, ({ body, request }) =>
      signIn.withSmsCode(body.staff_tel, body.verification_code, body.sign, client(request)),
    );
    route(app, authCalls.logout, async ({ principal }) => {
      await sessions.end(principal!, 'logout');
      return null;
    });
    route(app, authCalls.switchAccount, ({ body, principal, request }) => signIn.switchTo(principal!, body.staff_id, client(request)));
    route(app, authCalls.info, ({ principal }) => staff.profile(principal!));
    route(app, authCalls.infoAuth, ({ principal }) => staff.profile(principal!));
    route(app, authCalls.menuList, async ({ principal }) => ({ menuList: await staff.menus(principal!) }));
    route(app, authCalls.verifyOperation, ({ body, principal }) => staff.verifyOperation(principal!, body.code));
    route(app, authCalls.changeOwnPassword, ({ body, principal, request }) => staff.changeOwnPassword(principal!, body.old_pwd, body.new_pwd, client(request)));
    route(app, authCalls.changeOwnAvatar, ({ body, principal }) => staff.changeOwnAvatar(principal!, body.avatar));
    route(app, authCalls.sendPhoneChangeCode, ({ body, principal, request }) => signIn.sendPhoneChangeCode(principal!, body.staff_tel, client(request)));
    route(app, authCalls.changeOwnPhone, ({ body, principal, request }) =>
      staff.changeOwnPhone(principal!, body.staff_tel, body.verification_code, body.password, client(request)),
    );
    route(app, authCalls.staffList, ({ body, principal }) => staff.list(body, body.page, body.limit, principal!));
    route(app, authCalls.staffAdd, ({ body, principal }) => staff.add(body, principal!));
    route(app, authCalls.staffEdit, ({ body, principal }) => staff.edit(body.id, body, principal!));
    route(app, authCalls.staffStatus, ({ body, principal }) => staff.setStatus(body.id, body.action, body.reason, principal!));
    route(app, authCalls.staffPassword, ({ body, principal }) => staff.setPassword(body.id, body.password, principal!));
    route(app, appUserAuthCalls.sendSmsCode, ({ body, request }) => appUsers.sendCode(body.mobile, client(request)));
    route(app, appUserAuthCalls.smsLogin, ({ body, request }) =>
      appUsers.withSmsCode(body.mobile, body.verification_code, body.sign, body.platform, client(request)),
    );
    route(app, appUserAuthCalls.logout, async ({ appUser }) => {
      await appUsers.logout(appUser!);
      return null;
    });
    route(app, appUserAuthCalls.info, ({ appUser }) => appUsers.info(appUser!));
    route(app, authCalls.loginRecords, ({ body }) => staff.signInRecords(body.staff_id, body.page, body.limit));
  },
};
