import { defineMessages } from '../lib/i18n';

/** Strings of the shared components, used on every screen. */
export const commonMessages = defineMessages({
  'zh-CN': {
    loadFailed: '加载失败',
    retry: '重新加载',
    noPermission: '没有权限查看此页面',
    delete: '删除',
    cancel: '取消',
    deleted: '已删除',
    search: '搜索',
    empty: '暂无数据',
    total: '共 {count} 条',
    timesInZone: '时间为 {offset}（{zone}）',
  },
  'en-US': {
    loadFailed: 'Failed to load',
    retry: 'Reload',
    noPermission: 'You may not view this page',
    delete: 'Delete',
    cancel: 'Cancel',
    deleted: 'Deleted',
    search: 'Search',
    empty: 'No data',
    total: '{count} in all',
    timesInZone: 'Times in {offset} ({zone})',
  },
});
