import { createHash, randomInt } from 'node:crypto';
import { ErrorCode } from '@juqi/contract';
import type { Clock } from '../../lib/clock';
import { AppError, type LocalText } from '../../lib/errors';
import type { GrantsDirectory, Principal } from '../../lib/http/types';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { AuthRepository } from './repository';
import type { SessionService } from './sessions';
import type { Attempt, SignInGuard } from './sign-in-guard';
import type { SmsSender } from './sms';
import type { StaffRow } from './table';

const MINUTE = 60_000;
export const signInRules = {
  signWindowMs: 5 * MINUTE,
  smsCodeLifetimeMs: 5 * MINUTE,
  smsMaxTries: 5,
  smsResendMs: MINUTE,
  smsPerPhonePerHour: 5,
  smsPerIpPerHour: 20,
} as const;

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** The one answer to a wrong, expired or used code, and to a phone no code was sent to. */
export const BAD_CODE: LocalText = { 'zh-CN': '验证码错误或已失效', 'en-US': 'Wrong or expired code' };

const codeHash = (phone: string, code: string) => createHash('sha256').update(`${phone}:${code}`).digest('hex');

/** Verifying against this keeps a wrong staff number as slow as a wrong password, so timing does not tell them apart. */
const decoyHash = hashPassword('decoy-password-never-matches');

/** Password and SMS sign-in, switching accounts: the rules of issue "Staff sign-in" live here. */
export class SignInService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly sessions: SessionService,
    private readonly sms: SmsSender,
    private readonly guard: SignInGuard,
    private readonly grants: GrantsDirectory,
    private readonly clock: Clock,
  ) {}

  /**
   * Claims a sign `"<unix-ms>:<nonce>"` for one sign-in, staff or app user's: answers why it is refused (outside the
   * 5-minute window, or seen before), or undefined once it is claimed.
   */
  async refusalOfSign(sign: string): Promise<LocalText | undefined> {
    const now = this.clock.now();
    const issued = Number(sign.slice(0, sign.indexOf(':')));
    if (Math.abs(now.getTime() - issued) > signInRules.signWindowMs) return { 'zh-CN': '已过期，请重新登录', 'en-US': 'expired, sign in again' };
    if (!(await this.repo.claimSign(sign, now, new Date(now.getTime() - 2 * signInRules.signWindowMs)))) return { 'zh-CN': '已使用过，请重新登录', 'en-US': 'already used' };
    return undefined;
  }

  private async claimSign(sign: string, identifier: string, method: 'password' | 'sms', client: ClientInfo) {
    const reason = await this.refusalOfSign(sign);
    if (reason) {
      const now = this.clock.now();
      await this.repo.recordSignIn({ identifier, method, result: 'replayed', ...client, createdAt: now });
      throw AppError.invalid('sign', reason);
    }
  }

  /** Refuses an attempt the guard holds, alike for identifiers that name an account and those that do not. */
  private async assertNotHeld(attempt: Attempt, client: ClientInfo) {
    const until = await this.guard.lockedUntil(attempt);
    if (until) {
      const now = this.clock.now();
      await this.repo.recordSignIn({ staffId: attempt.staffId ?? null, identifier: attempt.identifier, method: attempt.method, result: 'locked', ...client, createdAt: now });
      throw new AppError(ErrorCode.LOCKED, undefined, { unlock_at: until.toISOString() });
    }
  }

  /** An account an administrator locked: told only to a caller who proved the password or code. */
  private async assertNotLockedByAdmin(account: StaffRow, method: 'password' | 'sms' | 'switch', identifier: string, client: ClientInfo) {
    const now = this.clock.now();
    if (account.lockedUntil && account.lockedUntil > now) {
      await this.repo.recordSignIn({ staffId: account.id, identifier, method, result: 'locked', ...client, createdAt: now });
      throw new AppError(ErrorCode.LOCKED, undefined, { unlock_at: account.lockedUntil.toISOString() });
    }
  }

  /** Records the failure (the guard locks when failures add up) and refuses with one answer for every cause. */
  private async fail(attempt: Attempt, client: ClientInfo, message?: LocalText): Promise<never> {
    await this.guard.failed(attempt, client.userAgent);
    throw new AppError(ErrorCode.BAD_CREDENTIALS, message);
  }

  private async succeed(account: StaffRow, identifier: string, method: 'password' | 'sms' | 'switch', client: ClientInfo) {
    if (account.status !== 'active') {
      await this.repo.recordSignIn({ staffId: account.id, identifier, method, result: 'disabled', ...client, createdAt: this.clock.now() });
      throw AppError.forbidden({ 'zh-CN': '账号已停用', 'en-US': 'This account is disabled' });
    }
    const { token } = await this.sessions.create(account.id, client);
    await this.repo.recordSignIn({ staffId: account.id, identifier, method, result: 'success', ...client, createdAt: this.clock.now() });
    return { token };
  }

  async withPassword(staffNum: string, password: string, sign: string, client: ClientInfo) {
    await this.claimSign(sign, staffNum, 'password', client);
    const account = await this.repo.staffByNum(staffNum);
    const attempt: Attempt = { method: 'password', identifier: staffNum, ip: client.ip, staffId: account?.id };
    await this.assertNotHeld(attempt, client);
    const ok = await verifyPassword(password, account?.passwordHash ?? (await decoyHash));
    if (!account || !ok) return this.fail(attempt, client);
    await this.assertNotLockedByAdmin(account, 'password', staffNum, client);
    return this.succeed(account, staffNum, 'password', client);
  }

  /**
   * Sends a code only to an active staff's phone, yet answers and counts alike for any phone, so the call does not tell
   * who is staff.
   */
  async sendCode(phone: string, client: ClientInfo) {
    const account = await this.repo.staffByPhone(phone);
    const eligible = account?.status === 'active' && !(account.lockedUntil && account.lockedUntil > this.clock.now());
    return this.issueCode(phone, client, eligible);
  }

  /** A code to the new phone a signed-in staff wants, proving the phone is theirs before it changes. */
  async sendPhoneChangeCode(principal: Principal, phone: string, client: ClientInfo) {
    const owner = await this.repo.staffByPhone(phone);
    if (owner?.id === principal.staffId) throw AppError.invalid('staff_tel', { 'zh-CN': '已是您当前的手机号', 'en-US': 'this is your phone already' });
    if (owner) throw AppError.conflict({ 'zh-CN': '手机号已被使用', 'en-US': 'Phone already in use' }, 'staff_tel');
    return this.issueCode(phone, client, true);
  }

  /**
   * Records a code request and, when `deliver`, sends the code. Limits, whatever the purpose (a staff's sign-in or new
   * phone, an app user's sign-in): one per minute and five per hour per phone, twenty per hour per IP.
   */
  async issueCode(phone: string, client: ClientInfo, deliver: boolean) {
    const now = this.clock.now();
    const hourAgo = new Date(now.getTime() - 60 * MINUTE);
    const [byPhone, byIp] = await Promise.all([
      this.repo.smsRequestsSince({ phone }, hourAgo),
      this.repo.smsRequestsSince({ ip: client.ip }, hourAgo),
    ]);
    const wait = byPhone.last ? byPhone.last.getTime() + signInRules.smsResendMs - now.getTime() : 0;
    if (wait > 0) throw new AppError(ErrorCode.TOO_MANY, undefined, { retry_after: Math.ceil(wait / 1000) });
    if (byPhone.count >= signInRules.smsPerPhonePerHour || byIp.count >= signInRules.smsPerIpPerHour) {
      throw new AppError(ErrorCode.TOO_MANY);
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.repo.insertSmsCode({
      phone,
      codeHash: deliver ? codeHash(phone, code) : null,
      ip: client.ip,
      createdAt: now,
      expiresAt: new Date(now.getTime() + signInRules.smsCodeLifetimeMs),
    });
    if (deliver) {
      const template = (await this.sessions.loginSettings()).sms_template;
      await this.sms.send({ phone, code, text: template.replaceAll('{code}', code) });
    }
    return { resend_after: signInRules.smsResendMs / 1000 };
  }

  /**
   * Uses the phone's live code when it matches. Every try, right or wrong, is counted against the code before it is
   * compared, in one statement, so however many arrive at once no code is compared more than five times.
   */
  async consumeCode(phone: string, code: string): Promise<boolean> {
    const tried = await this.repo.claimSmsTry(phone, this.clock.now(), signInRules.smsMaxTries);
    if (tried?.codeHash !== codeHash(phone, code)) return false;
    return this.repo.useSmsCode(tried.id, this.clock.now());
  }

  async withSmsCode(phone: string, code: string, sign: string, client: ClientInfo) {
    await this.claimSign(sign, phone, 'sms', client);
    const account = await this.repo.staffByPhone(phone);
    const attempt: Attempt = { method: 'sms', identifier: phone, ip: client.ip, staffId: account?.id };
    await this.assertNotHeld(attempt, client);
    // No code is sent to a locked or disabled account, so these fail here like an unknown phone. The try is counted
    // whoever the phone is, so an unknown phone's answer costs what a wrong code's does.
    const proved = await this.consumeCode(phone, code);
    if (!account || !proved) return this.fail(attempt, client, BAD_CODE);
    await this.assertNotLockedByAdmin(account, 'sms', phone, client);
    return this.succeed(account, phone, 'sms', client);
  }

  /**
   * Another account of the same person (same person key, which only the super-admin sets): a new session there, and
   * this one ends. Never into the super-admin, nor into an account granted anything the current one is not: switching
   * skips the password, so it may not lead anywhere the caller could not already go.
   */
  async switchTo(principal: Principal, targetId: number, client: ClientInfo) {
    const [current, target] = await Promise.all([this.repo.staffById(principal.staffId), this.repo.staffById(targetId)]);
    const linked = current?.personKey && target && target.id !== current.id && target.personKey === current.personKey;
    if (!linked) throw AppError.forbidden({ 'zh-CN': '只能切换到本人的关联账号', 'en-US': 'Not a linked account of yours' });
    if (target.isSuperAdmin || !(await this.grants.covers(principal, target.id))) {
      throw AppError.forbidden({
        'zh-CN': '不能切换到权限超出当前账号的账号',
        'en-US': 'That account holds grants this one does not',
      });
    }
    await this.assertNotLockedByAdmin(target, 'switch', target.staffNum, client);
    const answer = await this.succeed(target, target.staffNum, 'switch', client);
    await this.sessions.end(principal, 'switched');
    return answer;
  }
}
