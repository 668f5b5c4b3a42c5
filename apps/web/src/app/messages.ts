import { defineMessages } from '../lib/i18n';

/** Strings of the pages shown before the shell loads (loading, 404). */
export const appMessages = defineMessages({
  'zh-CN': {
    loading: '加载中…',
    notFoundTitle: '404',
    notFoundText: '抱歉，您访问的页面不存在或没有权限访问。',
    backHome: '返回首页',
  },
  'en-US': {
    loading: 'Loading…',
    notFoundTitle: '404',
    notFoundText: 'Sorry, this page does not exist or you may not open it.',
    backHome: 'Back to home',
  },
});
