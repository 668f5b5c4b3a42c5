import { defineMessages } from '../../lib/i18n';

export const publishingMessages = defineMessages({
  'zh-CN': {
    check: '测试连接',
    checking: '正在连接平台…',
    checkOk: '连接成功',
    checkFailed: '连接失败',
    checkWho: '平台返回：{who}',
    latency: '用时 {ms} 毫秒',
    close: '关闭',
    retry: '再试一次',
    feed: '订阅地址',
    feedTitle: '生成订阅地址',
    feedAsk: '生成“{name}”的新订阅地址？之前的地址会立即失效，订阅了旧地址的阅读器需要改用新地址。',
    feedMake: '生成新地址',
    feedShownOnce: '新的订阅地址只显示这一次，请复制保存：',
  },
  'en-US': {
    check: 'Test connection',
    checking: 'Reaching the platform…',
    checkOk: 'Connected',
    checkFailed: 'Connection failed',
    checkWho: 'The platform answered: {who}',
    latency: 'Took {ms} ms',
    close: 'Close',
    retry: 'Try again',
    feed: 'Feed address',
    feedTitle: 'Make a feed address',
    feedAsk: 'Make a new feed address for “{name}”? The current address stops working at once: readers following it must switch to the new one.',
    feedMake: 'Make a new address',
    feedShownOnce: 'The new feed address is shown only this once: copy and keep it:',
  },
});
