/**
 * The catalogue of operation (button) codes. Each belongs to the menu entry whose screen offers it; the seed creates
 * one operation entry per code under that menu path, so roles can grant it. A call's `{ operation }` must be listed here.
 */
export interface OperationDefinition {
  code: string;
  name: string;
  /** The English name shown in en-US (the catalogue's `name_en`). */
  nameEn: string;
  /** Path of the menu entry the operation sits under. */
  menu: string;
}

export const operationCatalogue: OperationDefinition[] = [
  { code: 'settings.system.edit', name: '修改系统设置', nameEn: 'Edit system settings', menu: '/permission/homepage' },
  { code: 'settings.login.view', name: '查看登录设置', nameEn: 'View sign-in settings', menu: '/permission/loginpage' },
  { code: 'settings.login.edit', name: '修改登录设置', nameEn: 'Edit sign-in settings', menu: '/permission/loginpage' },
  { code: 'power.view', name: '查看功能目录', nameEn: 'View the function catalogue', menu: '/permission/page' },
  { code: 'power.edit', name: '编辑功能目录', nameEn: 'Edit the function catalogue', menu: '/permission/page' },
  { code: 'role.view', name: '查看角色', nameEn: 'View roles', menu: '/permission/role' },
  { code: 'role.edit', name: '新增、编辑、删除角色', nameEn: 'Add, edit and delete roles', menu: '/permission/role' },
  { code: 'role.grant', name: '角色授权', nameEn: 'Grant roles', menu: '/permission/role' },
  { code: 'staff.view', name: '查看员工账号', nameEn: 'View staff accounts', menu: '/man/employee' },
  { code: 'staff.edit', name: '新增、编辑员工账号', nameEn: 'Add and edit staff accounts', menu: '/man/employee' },
  { code: 'staff.lock', name: '锁定、停用员工账号', nameEn: 'Lock and disable staff accounts', menu: '/man/employee' },
  { code: 'staff.password', name: '重置员工密码', nameEn: 'Reset staff passwords', menu: '/man/employee' },
  { code: 'login.records.view', name: '查看员工登录记录', nameEn: 'View staff sign-in records', menu: '/man/employee' },
  { code: 'department.view', name: '查看部门', nameEn: 'View departments', menu: '/man/employee' },
  { code: 'department.edit', name: '新增、编辑、移动、删除部门', nameEn: 'Add, edit, move and delete departments', menu: '/man/employee' },
  { code: 'personnel.view', name: '查看人员档案', nameEn: 'View staff records', menu: '/man/employee' },
  { code: 'personnel.edit', name: '新增、编辑人员档案及变更状态', nameEn: 'Add and edit staff records and change their status', menu: '/man/employee' },
  { code: 'personnel.delete', name: '删除人员档案', nameEn: 'Delete staff records', menu: '/man/employee' },
  { code: 'personnel.id_card.view', name: '查看完整身份证号', nameEn: 'View whole identity card numbers', menu: '/man/employee' },
  { code: 'user.list', name: '查看用户列表', nameEn: 'View the user list', menu: '/user/list' },
  { code: 'user.options', name: '用户筛选选项', nameEn: 'User filter options', menu: '/user/list' },
  { code: 'user.detail', name: '查看用户详情', nameEn: 'View user details', menu: '/user/list' },
  { code: 'user.export', name: '导出用户', nameEn: 'Export users', menu: '/user/list' },
  { code: 'user.lock', name: '锁定、解锁用户', nameEn: 'Lock and unlock users', menu: '/user/list' },
  { code: 'user.select.list', name: '选择用户：筛选列表', nameEn: 'Choose users: the filtered list', menu: '/user/list' },
  { code: 'user.select.checked', name: '选择用户：已选列表', nameEn: 'Choose users: the chosen list', menu: '/user/list' },
  { code: 'user.select.confirm', name: '选择用户：确认选择', nameEn: 'Choose users: confirm the choice', menu: '/user/list' },
  { code: 'user.verification.list', name: '查看实名认证列表', nameEn: 'View identity verifications', menu: '/user/authentication' },
  { code: 'user.verification.view', name: '查看实名认证详情', nameEn: 'View a verification’s details', menu: '/user/authentication' },
  { code: 'user.verification.audit', name: '审核实名认证', nameEn: 'Review identity verifications', menu: '/user/authentication' },
  { code: 'user.login_log.view', name: '查看用户登录记录', nameEn: 'View a user’s sign-in records', menu: '/user/login_log' },
  { code: 'user.login_log.all', name: '查看全部登录记录', nameEn: 'View all sign-in records', menu: '/user/login_log' },
  { code: 'help.upgrade_log.view', name: '查看升级日志设置', nameEn: 'View the release notes settings', menu: '/permission/help/upgrade_log' },
  { code: 'help.upgrade_log.edit', name: '新增、编辑、删除升级日志', nameEn: 'Add, edit and delete upgrade logs', menu: '/permission/help/upgrade_log' },
  { code: 'help.manual.view', name: '查看帮助手册', nameEn: 'View help manuals', menu: '/permission/help/manual' },
  { code: 'help.manual.edit', name: '新增、编辑、删除帮助手册', nameEn: 'Add, edit and delete help manuals', menu: '/permission/help/manual' },
  { code: 'help.introduction.edit', name: '新增、编辑、删除功能介绍', nameEn: 'Add, edit and delete feature introductions', menu: '/permission/help/introduction' },
  { code: 'notification.publish', name: '发布通知与公告', nameEn: 'Publish notifications and announcements', menu: '/notification/publish' },
  { code: 'notification.manage', name: '管理已发布的通知与公告', nameEn: 'Manage published notifications and announcements', menu: '/notification/manage' },
  { code: 'notification.template.view', name: '查看通知模板与弹窗模板', nameEn: 'View notification and pop-up templates', menu: '/notification/manage' },
  { code: 'notification.template.edit', name: '编辑通知模板与弹窗模板', nameEn: 'Edit notification and pop-up templates', menu: '/notification/manage' },
  { code: 'notification.system.view', name: '查看系统通知设置', nameEn: 'View system notification settings', menu: '/permission/notification/system' },
  { code: 'notification.system.edit', name: '编辑系统通知设置', nameEn: 'Edit system notification settings', menu: '/permission/notification/system' },
  { code: 'notification.type.view', name: '查看通知类型', nameEn: 'View notification types', menu: '/permission/notification/type' },
  { code: 'notification.type.edit', name: '编辑通知类型', nameEn: 'Edit notification types', menu: '/permission/notification/type' },
  { code: 'case.platform.view', name: '查看案例平台', nameEn: 'View case platforms', menu: '/permission/case/platform' },
  { code: 'system.audit.view', name: '查看操作日志', nameEn: 'View the operation log', menu: '/permission/operation_log' },
  { code: 'system.audit.export', name: '导出操作日志', nameEn: 'Export the operation log', menu: '/permission/operation_log' },
  { code: 'case.platform.edit', name: '新增、编辑、删除案例平台', nameEn: 'Add, edit and delete case platforms', menu: '/permission/case/platform' },
  { code: 'case.platform.export', name: '导出案例平台', nameEn: 'Export case platforms', menu: '/permission/case/platform' },
  { code: 'general.industry.view', name: '查看行业设置', nameEn: 'View industries', menu: '/permission/general/industry' },
  { code: 'general.industry.edit', name: '新增、编辑、删除行业', nameEn: 'Add, edit and delete industries', menu: '/permission/general/industry' },
  { code: 'general.city.view', name: '查看城市设置', nameEn: 'View cities', menu: '/permission/general/city' },
  { code: 'general.city.edit', name: '启用、停用城市，设置热门城市与排序', nameEn: 'Enable cities, mark hot cities and order them', menu: '/permission/general/city' },
  { code: 'relevance.region.view', name: '查看大区与所辖城市', nameEn: 'View regions and their cities', menu: '/permission/relevance' },
  { code: 'relevance.region.edit', name: '新增、编辑、删除大区，设置所辖城市', nameEn: 'Add, edit and delete regions and set their cities', menu: '/permission/relevance' },
  { code: 'field.customer_info.view', name: '查看客户信息字段', nameEn: 'View customer information fields', menu: '/permission/customer/info' },
  { code: 'field.customer_info.edit', name: '新增、编辑、删除、排序客户信息字段', nameEn: 'Add, edit, delete and order customer information fields', menu: '/permission/customer/info' },
  { code: 'field.customer_register.view', name: '查看客户注册字段', nameEn: 'View customer sign-up fields', menu: '/permission/customer/register' },
  { code: 'field.customer_register.edit', name: '新增、编辑、删除、排序客户注册字段', nameEn: 'Add, edit, delete and order customer sign-up fields', menu: '/permission/customer/register' },
  { code: 'field.product_info.view', name: '查看产品信息字段', nameEn: 'View product information fields', menu: '/permission/customer/product' },
  { code: 'field.product_info.edit', name: '新增、编辑、删除、排序产品信息字段', nameEn: 'Add, edit, delete and order product information fields', menu: '/permission/customer/product' },
  { code: 'field.personnel_info.view', name: '查看人员信息字段', nameEn: 'View staff information fields', menu: '/permission/personnel/info' },
  { code: 'field.personnel_info.edit', name: '新增、编辑、删除、排序人员信息字段', nameEn: 'Add, edit, delete and order staff information fields', menu: '/permission/personnel/info' },
  { code: 'calendar.time.view', name: '查看时间设置', nameEn: 'View the work time', menu: '/permission/calendar/time' },
  { code: 'calendar.time.edit', name: '修改时间设置', nameEn: 'Edit the work time', menu: '/permission/calendar/time' },
  { code: 'calendar.day.view', name: '查看时间日历', nameEn: 'View the calendar', menu: '/permission/calendar/calendar' },
  { code: 'calendar.day.edit', name: '设置节假日与调休', nameEn: 'Set holidays and make-up working days', menu: '/permission/calendar/calendar' },
];

export const operationCodes = new Set(operationCatalogue.map((o) => o.code));
