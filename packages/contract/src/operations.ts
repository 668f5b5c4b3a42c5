/**
 * The catalogue of operation (button) codes. Each belongs to the menu entry whose screen offers it; the seed creates
 * one operation entry per code under that menu path, so roles can grant it. A call's `{ operation }` must be listed here.
 */
export interface OperationDefinition {
  code: string;
  name: string;
  /** Path of the menu entry the operation sits under. */
  menu: string;
}

export const operationCatalogue: OperationDefinition[] = [
  { code: 'settings.system.edit', name: '修改系统设置', menu: '/permission/homepage' },
  { code: 'settings.login.view', name: '查看登录设置', menu: '/permission/loginpage' },
  { code: 'settings.login.edit', name: '修改登录设置', menu: '/permission/loginpage' },
  { code: 'power.view', name: '查看功能目录', menu: '/permission/page' },
  { code: 'power.edit', name: '编辑功能目录', menu: '/permission/page' },
  { code: 'role.view', name: '查看角色', menu: '/permission/role' },
  { code: 'role.edit', name: '新增、编辑、删除角色', menu: '/permission/role' },
  { code: 'role.grant', name: '角色授权', menu: '/permission/role' },
  { code: 'staff.view', name: '查看员工账号', menu: '/man/employee' },
  { code: 'staff.edit', name: '新增、编辑员工账号', menu: '/man/employee' },
  { code: 'staff.lock', name: '锁定、停用员工账号', menu: '/man/employee' },
  { code: 'staff.password', name: '重置员工密码', menu: '/man/employee' },
  { code: 'login.records.view', name: '查看员工登录记录', menu: '/man/employee' },
  { code: 'help.upgrade_log.edit', name: '新增、编辑、删除升级日志', menu: '/permission/help/upgrade_log' },
  { code: 'help.manual.edit', name: '新增、编辑、删除帮助手册', menu: '/permission/help/manual' },
  { code: 'help.introduction.edit', name: '新增、编辑、删除功能介绍', menu: '/permission/help/introduction' },
];

export const operationCodes = new Set(operationCatalogue.map((o) => o.code));
