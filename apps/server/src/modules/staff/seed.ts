import type { SeedContext } from '../../lib/module';
import { generatePassword, hashPassword } from '../../lib/password';
import { StaffRepository } from './repository';

export const SUPER_ADMIN_STAFF_NUM = 'admin';

/** The super-admin exists from the first start; its generated password is printed this once and never stored in clear. */
export async function seedStaff({ db, log, adminPassword }: SeedContext): Promise<void> {
  const repo = new StaffRepository(db);
  if (await repo.findByStaffNum(SUPER_ADMIN_STAFF_NUM)) return;
  const password = adminPassword ?? generatePassword();
  await repo.insert({
    staffNum: SUPER_ADMIN_STAFF_NUM,
    name: '超级管理员',
    passwordHash: await hashPassword(password),
    isSuperAdmin: true,
  });
  if (adminPassword) {
    log.info({ staff_num: SUPER_ADMIN_STAFF_NUM }, 'super-admin created with the password from ADMIN_PASSWORD');
  } else {
    // Printed on purpose, once: without it nobody could sign in to a fresh install.
    process.stdout.write(
      `\n  Super-admin created. Staff number: ${SUPER_ADMIN_STAFF_NUM}   Password: ${password}\n` +
        '  This password is shown only now; set ADMIN_PASSWORD before the first start to choose it.\n\n',
    );
  }
}
