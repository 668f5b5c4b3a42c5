import { defineMessages } from '../../lib/i18n';

/** Words of the field editors beyond the shared form words (commonMessages): hints and the §5 refusals. */
export const fieldMessages = defineMessages({
  'zh-CN': {
    enter: '请输入{label}',
    choose: '请选择{label}',
    several: '多个用逗号分隔',
    atMost: '最多 {max} 个',
    atLeast: '至少 {min} 个',
    between: '{min}–{max} 个',
    tooFew: '{label}至少填写 {min} 个',
    tooMany: '{label}最多填写 {max} 个',
    notPhone: '{label}中有不正确的电话号码',
    notEmail: '{label}中有不正确的邮箱地址',
    notWebsite: '{label}应为 http:// 或 https:// 开头的网址',
    notWhole: '{label}应为整数',
  },
  'en-US': {
    enter: 'Enter {label}',
    choose: 'Choose {label}',
    several: 'separate several with commas',
    atMost: 'at most {max}',
    atLeast: 'at least {min}',
    between: '{min}–{max} of them',
    tooFew: '{label}: at least {min} entries',
    tooMany: '{label}: at most {max} entries',
    notPhone: '{label} holds a phone number that is not valid',
    notEmail: '{label} holds an email address that is not valid',
    notWebsite: '{label}: addresses start with http:// or https://',
    notWhole: '{label} must be a whole number',
  },
});
