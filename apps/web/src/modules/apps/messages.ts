import { defineMessages } from '../../lib/i18n';

export const appsMessages = defineMessages({
  'zh-CN': {
    test: '测试',
    testTitle: '测试大模型 · {name}',
    prompt: '提问',
    ask: '发送',
    asking: '正在等待模型回答…',
    answered: '模型回答',
    failed: '调用失败',
    usage: '模型 {model} · 输入 {prompt} tokens · 输出 {completion} tokens · 共 {total} tokens',
    noUsage: '服务商没有返回 token 用量',
    latency: '用时 {ms} 毫秒',
    close: '关闭',
  },
  'en-US': {
    test: 'Test',
    testTitle: 'Test the model · {name}',
    prompt: 'Prompt',
    ask: 'Send',
    asking: 'Waiting for the model…',
    answered: 'The model answered',
    failed: 'The call failed',
    usage: 'Model {model} · {prompt} tokens in · {completion} tokens out · {total} tokens',
    noUsage: 'The provider did not count the tokens',
    latency: 'Took {ms} ms',
    close: 'Close',
  },
});
