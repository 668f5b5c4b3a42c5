import { ErrorCode, type AppUserInfo } from '@juqi/contract';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { AppSignInRules, AppUserPrincipal } from '../../lib/http/types';
import type { AppUserLogin, AppUserRepository } from './app-user-repository';
import type { AppUserSessionService } from './sessions';
import { BAD_CODE, type ClientInfo, type SignInService } from './sign-in-service';

/**
 * The marketplace users' SMS sign-in to the apps. The codes are the staff's (`SignInService`: the same sender, limits,
 * lifetime, tries and replay-guard sign, counted per phone whichever door asked); what differs is whom they go to (any
 * user, locked or not, so a locked user learns of the lock only after proving the phone) and where attempts that proved
 * the phone are recorded (the user's `user_login_log`, never the staff's sign-in records).
 */
export class AppUserSignIn {
  constructor(
    private readonly repo: AppUserRepository,
    private readonly sessions: AppUserSessionService,
    private readonly codes: Pick<SignInService, 'issueCode' | 'consumeCode' | 'refusalOfSign'>,
    private readonly clock: Clock,
    /** Another module's rules for the sign-in (代理登录), read when asked: the agency module may register after this one. */
    private readonly rules: () => AppSignInRules | undefined = () => undefined,
  ) {}

  /** Sends a code only to a user's mobile, yet answers and counts alike for any mobile, so the call does not tell who is a user. */
  async sendCode(mobile: string, client: ClientInfo) {
    const user = await this.repo.userByMobile(mobile);
    return this.codes.issueCode(mobile, client, user !== undefined);
  }

  async withSmsCode(mobile: string, code: string, sign: string, platform: AppUserLogin['platform'], client: ClientInfo) {
    const refusal = await this.codes.refusalOfSign(sign);
    if (refusal) throw AppError.invalid('sign', refusal);
    const user = await this.repo.userByMobile(mobile);
    // A wrong code and any code for an unknown mobile (sent none) do the same work, so neither the answer nor its time
    // tells a stranger typing mobiles which are users': the try is counted against the mobile's newest code, whoever
    // it was sent to or not, and a failure writes nothing more — not to the user's sign-in records, which only a user
    // has. What a failed try proved is nothing about who made it; its trace is the code's count of tries.
    const proved = await this.codes.consumeCode(mobile, code);
    if (!user || !proved) throw new AppError(ErrorCode.BAD_CREDENTIALS, BAD_CODE);
    if (user.locked) {
      await this.repo.recordLogin({ userId: user.id, loginAt: this.clock.now(), ip: client.ip, platform, result: 'locked' });
      const reason = user.lockReason;
      throw new AppError(ErrorCode.LOCKED, {
        'zh-CN': reason ? `账号已锁定：${reason}` : '账号已锁定',
        'en-US': reason ? `Account locked: ${reason}` : 'Account locked',
      });
    }
    const rules = (await this.rules()?.({ id: user.id, typeUser: user.typeUser }, platform)) ?? {};
    if (rules.refusal) {
      await this.repo.recordLogin({ userId: user.id, loginAt: this.clock.now(), ip: client.ip, platform, result: 'platform_refused' });
      throw AppError.forbidden(rules.refusal);
    }
    return this.sessions.create({ userId: user.id, platform, ...client, maxSessions: rules.maxSessions });
  }

  async info(appUser: AppUserPrincipal): Promise<AppUserInfo> {
    const user = await this.repo.userById(appUser.userId);
    // The session's row cascades away with its user, so a resolved session has one.
    if (!user) throw new AppError(ErrorCode.TOKEN_INVALID);
    return { id: user.id, name: user.name, mobile: user.mobile, head_img_url: user.headImgUrl, type_user: user.typeUser };
  }

  logout(appUser: AppUserPrincipal): Promise<void> {
    return this.sessions.end(appUser);
  }
}
