/**
 * The product's menu tree (spec §2.2): sections, their children and groups, up to three levels.
 * The seed writes it into the function catalogue (sort follows the order here); roles then grant entries of it.
 * Paths are the web routes; a section's first child is its default page.
 */
export interface MenuDefinition {
  path: string;
  name: string;
  /** The name the en-US interface shows. */
  nameEn: string;
  /** An antd icon name, e.g. `SettingOutlined`. */
  icon?: string;
  children?: MenuDefinition[];
}

const leaf = (path: string, name: string, nameEn: string, icon?: string): MenuDefinition => ({ path, name, nameEn, icon });
/** A menu group and its pages: [path segment, name, English name]. */
const group = (path: string, name: string, nameEn: string, children: [string, string, string][], icon?: string): MenuDefinition => ({
  path,
  name,
  nameEn,
  icon,
  children: children.map(([p, n, en]) => leaf(`${path}/${p}`, n, en)),
});

export const menuTree: MenuDefinition[] = [
  {
    path: '/permission',
    name: '设置',
    nameEn: 'Settings',
    icon: 'SettingOutlined',
    children: [
      leaf('/permission/page', '功能设置', 'Functions', 'AppstoreOutlined'),
      leaf('/permission/homepage', '系统设置', 'System', 'DesktopOutlined'),
      leaf('/permission/role', '角色设置', 'Roles', 'TeamOutlined'),
      leaf('/permission/loginpage', '登录设置', 'Sign-in', 'LoginOutlined'),
      leaf('/permission/operation_log', '操作日志', 'Operation log', 'HistoryOutlined'),
      leaf('/permission/targetset', '目标设置', 'Targets', 'AimOutlined'),
      group('/permission/finance', '财务设置', 'Finance', [['recharge', '充值设置', 'Top-ups'], ['package', '套餐设置', 'Packages'], ['function_charge', '功能收费设置', 'Feature charges']], 'MoneyCollectOutlined'),
      group('/permission/customer', '客户设置', 'Customers', [['info', '客户信息设置', 'Customer information'], ['register', '客户注册设置', 'Customer sign-up'], ['product', '产品信息设置', 'Product information']], 'ShopOutlined'),
      group('/permission/case', '案例设置', 'Cases', [['platform', '案例平台', 'Case platforms'], ['template', '案例模板', 'Case templates'], ['manage', '案例管理', 'Case management']], 'BookOutlined'),
      group('/permission/private_message', '私信助手设置', 'Message assistant', [['template', '消息模板', 'Message templates'], ['keyword', '搜索关键词', 'Search keywords'], ['device', '搜索设备', 'Search devices']], 'MessageOutlined'),
      group('/permission/keyword', '关键词库设置', 'Keyword library', [['master', '总关键词库', 'Master keyword library'], ['index', '指数管理', 'Index management']], 'KeyOutlined'),
      group('/permission/application', '应用设置', 'Apps', [['app', '应用设置', 'App settings'], ['llm', '大模型设置', 'Large language models']], 'ApiOutlined'),
      group('/permission/business', '业务设置', 'Businesses', [['business', '业务设置', 'Business settings'], ['package', '套餐设置', 'Packages']], 'SolutionOutlined'),
      group('/permission/agency', '代理设置', 'Agencies', [['basic', '基础设置', 'Basics'], ['level', '代理等级', 'Agency levels'], ['apply', '代理申请', 'Agency applications'], ['login', '代理登录', 'Agency sign-in'], ['activity', '代理活跃度', 'Agency activity']], 'ClusterOutlined'),
      group('/permission/task', '任务设置', 'Tasks', [['basic', '基础设置', 'Basics'], ['city', '城市设置', 'Cities']], 'ScheduleOutlined'),
      group('/permission/indicator', '指标设置', 'Indicators', [['group', '指标组', 'Indicator groups'], ['manage', '指标管理', 'Indicator management'], ['data', '指标数据', 'Indicator data']], 'BarChartOutlined'),
      leaf('/permission/relevance', '关联设置', 'Relations', 'LinkOutlined'),
      group('/permission/general', '通用设置', 'General', [['industry', '行业设置', 'Industries'], ['city', '城市设置', 'Cities']], 'ControlOutlined'),
      group('/permission/personnel', '人事设置', 'Personnel', [['info', '人员信息', 'Staff information'], ['lead', '线索', 'Leads'], ['flow', '流程', 'Processes'], ['resign', '离职', 'Resignations'], ['transfer', '调岗', 'Transfers']], 'IdcardOutlined'),
      group('/permission/calendar', '日历设置', 'Calendar', [['time', '时间设置', 'Time settings'], ['calendar', '时间日历', 'Calendar']], 'CalendarOutlined'),
      group('/permission/notification', '通知设置', 'Notifications', [['system', '系统通知', 'System notifications'], ['type', '通知类型', 'Notification types']], 'NotificationOutlined'),
      group('/permission/help', '帮助', 'Help', [['upgrade_log', '升级日志', 'Release notes'], ['manual', '帮助手册', 'Manual'], ['introduction', '功能介绍', 'Feature guide']], 'QuestionCircleOutlined'),
    ],
  },
  {
    path: '/finance',
    name: '财务',
    nameEn: 'Finance',
    icon: 'AccountBookOutlined',
    children: [
      leaf('/finance/agency_withdraw', '代理提现记录', 'Agency withdrawals'),
      leaf('/finance/user_earnings', '用户收益记录', 'User earnings'),
      leaf('/finance/user_recharge', '用户充值记录', 'User top-ups'),
      leaf('/finance/user_expense', '用户消费记录', 'User spending'),
      leaf('/finance/adjustment', '调账记录', 'Adjustments'),
      group('/finance/bean', '金豆', 'Gold beans', [['recharge', '金豆充值记录', 'Bean top-ups'], ['earnings', '金豆收益记录', 'Bean earnings'], ['expense', '金豆消费记录', 'Bean spending']], 'GoldOutlined'),
      leaf('/finance/reconciliation', '财务对账', 'Reconciliation'),
    ],
  },
  {
    path: '/human',
    name: '人力资源',
    nameEn: 'Human resources',
    icon: 'IdcardOutlined',
    children: [leaf('/human/dashboard', '人力看板', 'HR dashboard', 'DashboardOutlined'), leaf('/man/employee', '员工管理', 'Staff', 'UserOutlined')],
  },
  {
    path: '/target',
    name: '目标',
    nameEn: 'Targets',
    icon: 'AimOutlined',
    children: [leaf('/target/dashboard', '目标看板', 'Target dashboard', 'DashboardOutlined'), leaf('/target/company', '公司目标', 'Company targets', 'FlagOutlined')],
  },
  {
    path: '/user',
    name: '用户',
    nameEn: 'Users',
    icon: 'UserOutlined',
    children: [
      leaf('/user/list', '全部用户', 'All users', 'TeamOutlined'),
      leaf('/user/authentication', '用户实名认证', 'Identity verification', 'SafetyCertificateOutlined'),
      leaf('/user/login_log', '登录记录', 'Sign-in records', 'HistoryOutlined'),
    ],
  },
  {
    path: '/agency',
    name: '代理',
    nameEn: 'Agencies',
    icon: 'ClusterOutlined',
    children: [leaf('/agency/list', '全部代理', 'All agencies', 'ClusterOutlined'), leaf('/agency/business_apply', '业务申请', 'Business applications', 'FileAddOutlined')],
  },
  {
    path: '/merchant',
    name: '客户',
    nameEn: 'Customers',
    icon: 'ShopOutlined',
    children: [leaf('/merchant/info', '客户信息管理', 'Customer information', 'ShopOutlined'), leaf('/merchant/product', '产品信息管理', 'Product information', 'ShoppingOutlined')],
  },
  {
    path: '/notification',
    name: '通知',
    nameEn: 'Notifications',
    icon: 'NotificationOutlined',
    children: [leaf('/notification/publish', '发布通知', 'Publish a notification', 'SendOutlined'), leaf('/notification/manage', '管理通知', 'Manage notifications', 'UnorderedListOutlined')],
  },
  {
    path: '/automatic_publishing_tool',
    name: '自动发布工具',
    nameEn: 'Auto-publishing',
    icon: 'RobotOutlined',
    children: [
      leaf('/automatic_publishing_tool/account', '账号管理', 'Accounts', 'UserSwitchOutlined'),
      group('/automatic_publishing_tool/publish', '发布管理', 'Publishing', [['manual', '手动发布', 'Manual publishing'], ['timed', '定时发布', 'Scheduled publishing'], ['smart', '智能发布', 'Smart publishing']], 'SendOutlined'),
      group(
        '/automatic_publishing_tool/material',
        '素材管理',
        'Materials',
        [
          ['keyword', '关键词', 'Keywords'],
          ['smart_keyword', '智能关键词', 'Smart keywords'],
          ['extension_label', '拓展词标签', 'Extension tags'],
          ['custom_title', '自定义标题', 'Custom titles'],
          ['smart_title', '智能标题生成', 'Smart titles'],
          ['title_template', '标题模板', 'Title templates'],
          ['audit', '素材审核', 'Material review'],
        ],
        'FolderOutlined',
      ),
    ],
  },
  { path: '/case', name: '案例', nameEn: 'Cases', icon: 'BookOutlined', children: [leaf('/case/list', '案例列表', 'Case list', 'UnorderedListOutlined')] },
  {
    path: '/apps',
    name: '应用',
    nameEn: 'Apps',
    icon: 'AppstoreOutlined',
    children: [
      leaf('/apps/center', '应用中心', 'App center', 'AppstoreOutlined'),
      leaf('/apps/purchase', '购买记录', 'Purchases', 'ShoppingCartOutlined'),
      leaf('/apps/usage', '使用记录', 'Usage', 'HistoryOutlined'),
      leaf('/apps/manage', '应用管理', 'Manage apps', 'ToolOutlined'),
    ],
  },
  {
    path: '/agencyorder_center',
    name: '订单',
    nameEn: 'Orders',
    icon: 'ProfileOutlined',
    children: [leaf('/agencyorder_center/index', '订单中心', 'Order center', 'ProfileOutlined')],
  },
  { path: '/business', name: '业务', nameEn: 'Businesses', icon: 'SolutionOutlined', children: [leaf('/business/list', '全部业务', 'All businesses', 'SolutionOutlined')] },
];

/** Every menu path in the tree, depth first. */
export function menuPaths(tree: MenuDefinition[] = menuTree): string[] {
  return tree.flatMap((m) => [m.path, ...menuPaths(m.children ?? [])]);
}
