/**
 * The product's menu tree (spec §2.2): sections, their children and groups, up to three levels.
 * The seed writes it into the function catalogue (sort follows the order here); roles then grant entries of it.
 * Paths are the web routes; a section's first child is its default page.
 */
export interface MenuDefinition {
  path: string;
  name: string;
  /** An antd icon name, e.g. `SettingOutlined`. */
  icon?: string;
  children?: MenuDefinition[];
}

const leaf = (path: string, name: string, icon?: string): MenuDefinition => ({ path, name, icon });
const group = (path: string, name: string, children: [string, string][], icon?: string): MenuDefinition => ({
  path,
  name,
  icon,
  children: children.map(([p, n]) => leaf(`${path}/${p}`, n)),
});

export const menuTree: MenuDefinition[] = [
  {
    path: '/permission',
    name: '设置',
    icon: 'SettingOutlined',
    children: [
      leaf('/permission/page', '功能设置', 'AppstoreOutlined'),
      leaf('/permission/homepage', '系统设置', 'DesktopOutlined'),
      leaf('/permission/role', '角色设置', 'TeamOutlined'),
      leaf('/permission/loginpage', '登录设置', 'LoginOutlined'),
      leaf('/permission/targetset', '目标设置', 'AimOutlined'),
      group('/permission/finance', '财务设置', [['recharge', '充值设置'], ['package', '套餐设置'], ['function_charge', '功能收费设置']], 'MoneyCollectOutlined'),
      group('/permission/customer', '客户设置', [['info', '客户信息设置'], ['register', '客户注册设置'], ['product', '产品信息设置']], 'ShopOutlined'),
      group('/permission/case', '案例设置', [['platform', '案例平台'], ['template', '案例模板'], ['manage', '案例管理']], 'BookOutlined'),
      group('/permission/private_message', '私信助手设置', [['template', '消息模板'], ['keyword', '搜索关键词'], ['device', '搜索设备']], 'MessageOutlined'),
      group('/permission/keyword', '关键词库设置', [['master', '总关键词库'], ['index', '指数管理']], 'KeyOutlined'),
      group('/permission/application', '应用设置', [['app', '应用设置'], ['llm', '大模型设置']], 'ApiOutlined'),
      group('/permission/business', '业务设置', [['business', '业务设置'], ['package', '套餐设置']], 'SolutionOutlined'),
      group('/permission/agency', '代理设置', [['basic', '基础设置'], ['level', '代理等级'], ['apply', '代理申请'], ['login', '代理登录'], ['activity', '代理活跃度']], 'ClusterOutlined'),
      group('/permission/task', '任务设置', [['basic', '基础设置'], ['city', '城市设置']], 'ScheduleOutlined'),
      group('/permission/indicator', '指标设置', [['group', '指标组'], ['manage', '指标管理'], ['data', '指标数据']], 'BarChartOutlined'),
      leaf('/permission/relevance', '关联设置', 'LinkOutlined'),
      group('/permission/general', '通用设置', [['industry', '行业设置'], ['city', '城市设置']], 'ControlOutlined'),
      group('/permission/personnel', '人事设置', [['info', '人员信息'], ['lead', '线索'], ['flow', '流程'], ['resign', '离职'], ['transfer', '调岗']], 'IdcardOutlined'),
      group('/permission/calendar', '日历设置', [['time', '时间设置'], ['calendar', '时间日历']], 'CalendarOutlined'),
      group('/permission/notification', '通知设置', [['system', '系统通知'], ['type', '通知类型']], 'NotificationOutlined'),
      group('/permission/help', '帮助', [['upgrade_log', '升级日志'], ['manual', '帮助手册'], ['introduction', '功能介绍']], 'QuestionCircleOutlined'),
    ],
  },
  {
    path: '/finance',
    name: '财务',
    icon: 'AccountBookOutlined',
    children: [
      leaf('/finance/agency_withdraw', '代理提现记录'),
      leaf('/finance/user_earnings', '用户收益记录'),
      leaf('/finance/user_recharge', '用户充值记录'),
      leaf('/finance/user_expense', '用户消费记录'),
      group('/finance/bean', '金豆', [['recharge', '金豆充值记录'], ['earnings', '金豆收益记录'], ['expense', '金豆消费记录']], 'GoldOutlined'),
    ],
  },
  {
    path: '/human',
    name: '人力资源',
    icon: 'IdcardOutlined',
    children: [leaf('/human/dashboard', '人力看板', 'DashboardOutlined'), leaf('/man/employee', '员工管理', 'UserOutlined')],
  },
  {
    path: '/target',
    name: '目标',
    icon: 'AimOutlined',
    children: [leaf('/target/dashboard', '目标看板', 'DashboardOutlined'), leaf('/target/company', '公司目标', 'FlagOutlined')],
  },
  {
    path: '/user',
    name: '用户',
    icon: 'UserOutlined',
    children: [
      leaf('/user/list', '全部用户', 'TeamOutlined'),
      leaf('/user/authentication', '用户实名认证', 'SafetyCertificateOutlined'),
      leaf('/user/login_log', '登录记录', 'HistoryOutlined'),
    ],
  },
  {
    path: '/agency',
    name: '代理',
    icon: 'ClusterOutlined',
    children: [leaf('/agency/list', '全部代理', 'ClusterOutlined'), leaf('/agency/business_apply', '业务申请', 'FileAddOutlined')],
  },
  {
    path: '/merchant',
    name: '客户',
    icon: 'ShopOutlined',
    children: [leaf('/merchant/info', '客户信息管理', 'ShopOutlined'), leaf('/merchant/product', '产品信息管理', 'ShoppingOutlined')],
  },
  {
    path: '/notification',
    name: '通知',
    icon: 'NotificationOutlined',
    children: [leaf('/notification/publish', '发布通知', 'SendOutlined'), leaf('/notification/manage', '管理通知', 'UnorderedListOutlined')],
  },
  {
    path: '/automatic_publishing_tool',
    name: '自动发布工具',
    icon: 'RobotOutlined',
    children: [
      leaf('/automatic_publishing_tool/account', '账号管理', 'UserSwitchOutlined'),
      group('/automatic_publishing_tool/publish', '发布管理', [['manual', '手动发布'], ['timed', '定时发布'], ['smart', '智能发布']], 'SendOutlined'),
      group(
        '/automatic_publishing_tool/material',
        '素材管理',
        [
          ['keyword', '关键词'],
          ['smart_keyword', '智能关键词'],
          ['extension_label', '拓展词标签'],
          ['custom_title', '自定义标题'],
          ['smart_title', '智能标题生成'],
          ['title_template', '标题模板'],
          ['audit', '素材审核'],
        ],
        'FolderOutlined',
      ),
    ],
  },
  { path: '/case', name: '案例', icon: 'BookOutlined', children: [leaf('/case/list', '案例列表', 'UnorderedListOutlined')] },
  {
    path: '/apps',
    name: '应用',
    icon: 'AppstoreOutlined',
    children: [
      leaf('/apps/center', '应用中心', 'AppstoreOutlined'),
      leaf('/apps/purchase', '购买记录', 'ShoppingCartOutlined'),
      leaf('/apps/usage', '使用记录', 'HistoryOutlined'),
      leaf('/apps/manage', '应用管理', 'ToolOutlined'),
    ],
  },
  {
    path: '/agencyorder_center',
    name: '订单',
    icon: 'ProfileOutlined',
    children: [leaf('/agencyorder_center/index', '订单中心', 'ProfileOutlined')],
  },
  { path: '/business', name: '业务', icon: 'SolutionOutlined', children: [leaf('/business/list', '全部业务', 'SolutionOutlined')] },
];

/** Every menu path in the tree, depth first. */
export function menuPaths(tree: MenuDefinition[] = menuTree): string[] {
  return tree.flatMap((m) => [m.path, ...menuPaths(m.children ?? [])]);
}
