import { defineMessages } from '../../../lib/i18n';

/** The words of 充值设置's limits, zh-CN first; the presets' list and form take the shared resource words. */
export const financeSettingsMessages = defineMessages({
  'zh-CN': {
    limitsTitle: '充值限额',
    limitsHint: '用户每次充值的金额范围。下方的充值档位须在此范围之内，修改限额前请先调整超出新范围的档位。',
    limitsSaved: '充值限额已保存',
    maxBelowMin: '最高充值金额不能低于最低充值金额',
  },
  'en-US': {
    limitsTitle: 'Top-up limits',
    limitsHint: 'The amounts one top-up may be. The presets below lie within them: change a preset outside new limits before saving them.',
    limitsSaved: 'Top-up limits saved',
    maxBelowMin: 'The largest top-up cannot be below the smallest',
  },
});
