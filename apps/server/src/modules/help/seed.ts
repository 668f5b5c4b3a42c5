import { UPGRADE_LOG_ID } from '@juqi/contract';
import type { SeedContext } from '../../lib/module';
import { sanitizeRichText } from '../../lib/rich-text';
import { HelpRepository } from './repository';

const versions = [
  {
    name: '聚企中台正式上线',
    versionNumber: 'v1.0.0',
    upTime: '2025-03-01',
    content:
      '<p>聚企中台第一个正式版本发布。</p><ul><li>员工账号：工号密码登录、手机验证码登录</li><li>用户管理：全部用户、实名认证审核、登录记录</li><li>系统设置：站点名称与 Logo、功能设置、角色设置</li></ul>',
  },
  {
    name: '代理与客户管理',
    versionNumber: 'v1.1.0',
    upTime: '2025-05-20',
    content:
      '<p><strong>新增代理中心与客户管理。</strong></p><ul><li>全部代理列表，支持按等级、地区筛选</li><li>代理业务申请的审核流程</li><li>客户信息管理、产品信息管理</li></ul><p>修复：部分浏览器下侧边栏折叠状态丢失的问题。</p>',
  },
  {
    name: '自动发布工具',
    versionNumber: 'v1.2.0',
    upTime: '2025-08-15',
    content:
      '<p>上线自动发布工具，帮助运营批量投放内容。</p><ol><li>账号管理：绑定多个平台账号</li><li>发布管理：手动发布、定时发布、智能发布</li><li>素材管理：关键词、智能标题生成、标题模板与素材审核</li></ol>',
  },
  {
    name: '通知与公告',
    versionNumber: 'v1.3.0',
    upTime: '2025-11-10',
    content:
      '<p>消息通知与公告全面升级：</p><ul><li>顶栏消息按钮显示未读数量，新消息实时送达</li><li>公告支持对话框、消息框、轻提示、通知与图片弹窗五种形式</li><li>发布通知时可按条件筛选接收用户</li></ul>',
  },
  {
    name: '中台 2.0',
    versionNumber: 'v2.0.0',
    upTime: '2026-02-28',
    content:
      '<h3>全新界面</h3><p>页面标签栏支持刷新、关闭其他与全部关闭；移动端自动收起侧边栏。</p><h3>帮助中心</h3><p>右上角新增帮助按钮：功能介绍、帮助手册与升级日志随时查看。</p><h3>附件上传</h3><p>上传托盘显示每个文件的进度，可随时取消。</p>',
  },
];

const manuals = [
  {
    name: '系统设置',
    path: '/permission/homepage',
    explains: '设置站点名称与 Logo，它们显示在顶栏、登录页和浏览器标题中。',
    content:
      '<h3>站点名称</h3><p>填写后显示在浏览器标签标题末尾，以及未上传 Logo 时的顶栏。</p><h3>站点 Logo</h3><p>建议上传高度 32 像素的 PNG 透明图片，大小不超过 5 MB。</p>',
  },
  {
    name: '功能设置',
    path: '/permission/page',
    explains: '维护菜单与操作按钮的目录，角色授权以此为准。',
    content:
      '<p>菜单最多三级，按排序值从小到大显示。每个菜单下可以添加操作（按钮），操作编码形如 <code>module.action</code>。</p><p><strong>注意：</strong>删除菜单前需要先删除其下级菜单与操作。</p>',
  },
  {
    name: '角色设置',
    path: '/permission/role',
    explains: '创建角色并为其勾选可见菜单与可用操作。',
    content:
      '<ol><li>点击「新增角色」，填写名称与备注。</li><li>在角色行点击「授权」，勾选菜单与操作后保存。</li><li>在员工管理中为员工分配角色。</li></ol><p>只能授予自己拥有的权限；仍有员工使用的角色不能删除。</p>',
  },
  {
    name: '员工管理',
    path: '/man/employee',
    explains: '新增员工账号、分配角色、锁定或停用账号、重置密码。',
    content:
      '<p>员工使用工号和密码登录，也可以使用绑定的手机号接收验证码登录。</p><table><thead><tr><th>状态</th><th>说明</th></tr></thead><tbody><tr><td>正常</td><td>可以登录</td></tr><tr><td>锁定</td><td>在锁定时间内不能登录</td></tr><tr><td>停用</td><td>离职或暂停使用，不能登录</td></tr></tbody></table>',
  },
  {
    name: '发布通知',
    path: '/notification/publish',
    explains: '向员工或用户发送站内消息与弹窗公告。',
    content:
      '<p>选择通知类型（操作执行、知识更新、版本迭代、预警监督、跟进消息），填写标题与内容，再选择接收人。</p><p>选择「全部」时按筛选条件发送给所有符合条件的用户。</p>',
  },
];

const introduction = [
  {
    name: '用户与代理',
    children: [
      {
        name: '用户管理',
        functions: [
          { name: '全部用户', explains: '<p>按用户类型、来源、等级、注册时间等条件筛选用户，查看用户详情与订单情况。</p>' },
          { name: '实名认证', explains: '<p>审核个人与企业实名认证资料，审核通过后用户显示<strong>已认证</strong>标记。</p>' },
        ],
      },
      {
        name: '代理管理',
        functions: [
          { name: '代理等级', explains: '<p>设置代理等级及对应的折扣、返佣比例，代理满足条件后自动升级。</p>' },
          { name: '业务申请', explains: '<p>代理提交的业务开通申请在这里审核，审核结果会通知代理。</p>' },
        ],
      },
    ],
  },
  {
    name: '内容营销',
    children: [
      {
        name: '自动发布工具',
        functions: [
          { name: '定时发布', explains: '<p>选择账号与素材，设定发布时间，到点后系统自动发布并记录结果。</p>' },
          { name: '智能发布', explains: '<p>根据关键词与标题模板自动组合内容，按设定频率持续发布。</p>' },
        ],
      },
      {
        name: '素材管理',
        functions: [
          { name: '智能标题生成', explains: '<p>输入关键词，系统结合标题模板生成多个候选标题，可一键加入素材库。</p>' },
          { name: '素材审核', explains: '<p>新增素材需审核通过后才能用于发布；驳回时请填写原因。</p>' },
        ],
      },
    ],
  },
  {
    name: '系统设置',
    children: [
      {
        name: '权限与角色',
        functions: [
          { name: '功能设置', explains: '<p>维护菜单与操作目录，菜单最多三级。</p>' },
          { name: '角色授权', explains: '<p>为角色勾选菜单与操作，员工获得其所有角色权限的并集。</p>' },
        ],
      },
      {
        name: '通知设置',
        functions: [{ name: '通知类型', explains: '<p>系统内置六种通知类型，可设置每种类型的弹窗形式与关闭方式。</p>' }],
      },
    ],
  },
];

/**
 * Upgrade log 1 always exists (the help drawer reads it). With demo data, each part of the help content is added
 * when that part is still empty, so an administrator's own edits and deletions are never overwritten.
 */
export async function seedHelp({ db, demo }: SeedContext): Promise<void> {
  await db.transaction(async (tx) => {
    const repo = new HelpRepository(tx);
    await repo.ensureLog(UPGRADE_LOG_ID, '聚企中台升级日志');
    if (!demo) return;

    if ((await repo.countVersions(UPGRADE_LOG_ID)) === 0) {
      for (const v of versions) await repo.insertVersion({ logId: UPGRADE_LOG_ID, ...v, content: sanitizeRichText(v.content) });
    }

    if ((await repo.countManuals()) === 0) {
      for (const [index, m] of manuals.entries()) {
        await repo.insertManual({ ...m, content: sanitizeRichText(m.content), sort: (index + 1) * 10 });
      }
    }

    if ((await repo.countCategories()) === 0) {
      for (const [i, top] of introduction.entries()) {
        const topRow = await repo.insertCategory({ pid: 0, name: top.name, sort: (i + 1) * 10 });
        for (const [j, sub] of top.children.entries()) {
          const subRow = await repo.insertCategory({ pid: topRow.id, name: sub.name, sort: (j + 1) * 10 });
          for (const [k, f] of sub.functions.entries()) {
            await repo.insertFunction({ categoryId: subRow.id, name: f.name, explains: sanitizeRichText(f.explains), sort: (k + 1) * 10 });
          }
        }
      }
    }
  });
}
