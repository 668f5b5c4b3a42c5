import type { SeedContext } from '../../lib/module';
import { generatePassword, hashPassword } from '../../lib/password';
import { AuthRepository } from './repository';

export const SUPER_ADMIN_STAFF_NUM = 'admin';

/** Demo staff: two accounts of one person (张伟) show account switching; phones allow SMS sign-in. */
export const demoStaff = [
  { staffNum: 'ops01', name: '张伟', phone: '13800000001', personKey: 'zhangwei' },
  { staffNum: 'fin01', name: '张伟（财务）', phone: null, personKey: 'zhangwei' },
  { staffNum: 'cs01', name: '李娜', phone: '13800000002', personKey: null },
  { staffNum: 'hr01', name: '王芳', phone: '13800000003', personKey: null },
] as const;

/**
 * The super-admin exists from the first start; its generated password is printed this once and never stored in clear.
 * Demo staff share that first password, so a demo install has no well-known password.
 */
export async function seedAuth({ db, log, adminPassword, demo }: SeedContext): Promise<void> {
  const repo = new AuthRepository(db);
  if (!(await repo.staffByNum(SUPER_ADMIN_STAFF_NUM))) {
    const password = adminPassword ?? generatePassword();
    const passwordHash = await hashPassword(password);
    await repo.insertStaff({ staffNum: SUPER_ADMIN_STAFF_NUM, name: '超级管理员', passwordHash, isSuperAdmin: true });
    if (demo) {
      for (const s of demoStaff) {
        if (!(await repo.staffByNum(s.staffNum))) await repo.insertStaff({ ...s, passwordHash });
      }
    }
    if (adminPassword) {
      log.info({ staff_num: SUPER_ADMIN_STAFF_NUM }, 'super-admin created with the password from ADMIN_PASSWORD');
    } else {
      // Printed on purpose, once: without it nobody could sign in to a fresh install.
      process.stdout.write(
        `\n  Super-admin created. Staff number: ${SUPER_ADMIN_STAFF_NUM}   Password: ${password}\n` +
          (demo ? `  Demo staff ${demoStaff.map((s) => s.staffNum).join(', ')} use the same password.\n` : '') +
          '  This password is shown only now; set ADMIN_PASSWORD before the first start to choose it.\n\n',
      );
    }
  }
}
