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
  { code: 'user.list', name: '查看用户列表', menu: '/user/list' },
  { code: 'user.options', name: '用户筛选选项', menu: '/user/list' },
  { code: 'user.detail', name: '查看用户详情', menu: '/user/list' },
  { code: 'user.export', name: '导出用户', menu: '/user/list' },
  { code: 'user.lock', name: '锁定、解锁用户', menu: '/user/list' },
  { code: 'user.select.list', name: '选择用户：筛选列表', menu: '/user/list' },
  { code: 'user.select.checked', name: '选择用户：已选列表', menu: '/user/list' },
  { code: 'user.select.confirm', name: '选择用户：确认选择', menu: '/user/list' },
  { code: 'user.verification.list', name: '查看实名认证列表', menu: '/user/authentication' },
  { code: 'user.verification.view', name: '查看实名认证详情', menu: '/user/authentication' },
  { code: 'user.verification.audit', name: '审核实名认证', menu: '/user/authentication' },
  { code: 'user.login_log.view', name: '查看用户登录记录', menu: '/user/login_log' },
  { code: 'user.login_log.all', name: '查看全部登录记录', menu: '/user/login_log' },
  { code: 'help.upgrade_log.edit', name: '新增、编辑、删除升级日志', menu: '/permission/help/upgrade_log' },
  { code: 'help.manual.edit', name: '新增、编辑、删除帮助手册', menu: '/permission/help/manual' },
  { code: 'help.introduction.edit', name: '新增、编辑、删除功能介绍', menu: '/permission/help/introduction' },
  { code: 'notification.publish', name: '发布通知与公告', menu: '/notification/publish' },
  { code: 'notification.manage', name: '管理已发布的通知与公告', menu: '/notification/manage' },
  { code: 'notification.template.view', name: '查看通知模板与弹窗模板', menu: '/notification/manage' },
  { code: 'notification.template.edit', name: '编辑通知模板与弹窗模板', menu: '/notification/manage' },
];

export const operationCodes = new Set(operationCatalogue.map((o) => o.code));
