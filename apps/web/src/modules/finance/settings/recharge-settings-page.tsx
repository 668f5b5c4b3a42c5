import { rechargeLimitDefinitions, rechargeLimits, rechargePreset, type RechargeLimits } from '@juqi/contract';
import { Flex, Typography } from 'antd';
import { FieldFormItem, fieldIssueText } from '../../../components/fields';
import { ResourcePage } from '../../../components/resource/resource-page';
import { SettingsCard, SettingsForm, useSettingsForm } from '../../../components/settings-form';
import { useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useEditRechargeLimits, useRechargeLimits } from './api';
import { financeSettingsMessages } from './messages';

/**
 * /permission/finance/recharge (充值设置): the top-up limits, then the presets within them (a declared resource).
 * docs/finance.md › Settings.
 */
export function RechargeSettingsPage() {
  const t = useMessages(financeSettingsMessages);
  return (
    <Flex vertical gap="middle">
      <SettingsCard title={t.limitsTitle} query={useRechargeLimits()}>
        {(initial) => <LimitsForm initial={initial} />}
      </SettingsCard>
      <ResourcePage resource={rechargePreset} />
    </Flex>
  );
}

type Values = Partial<Record<keyof RechargeLimits, number | null>>;

/** The two amounts, typed in yuan by the registry's money editor and sent in fen; the smallest may not pass the largest. */
function LimitsForm({ initial }: { initial: RechargeLimits }) {
  const t = useMessages(financeSettingsMessages);
  const language = usePreferences((s) => s.language);
  const settings = useSettingsForm<Values, RechargeLimits>({ edit: 'finance.settings.recharge.edit', mutation: useEditRechargeLimits(), saved: t.limitsSaved });

  // Each amount has passed its own rule (FieldFormItem's); what is left is the contract's rule between them.
  const submit = (values: Values) => {
    const checked = rechargeLimits.safeParse(values);
    if (checked.success) return void settings.save(checked.data);
    const issue = checked.error.issues[0]!;
    const key = issue.path[0] as keyof RechargeLimits;
    const text = issue.code === 'custom' ? t.maxBelowMin : fieldIssueText({ ...issue, input: values[key] }, rechargeLimitDefinitions[key], language);
    settings.form.setFields([{ name: key, errors: [text] }]);
  };

  return (
    <SettingsForm<Values>
      settings={settings}
      name="recharge-limits"
      initialValues={initial}
      onFinish={submit}
      intro={<Typography.Paragraph type="secondary">{t.limitsHint}</Typography.Paragraph>}
    >
      <FieldFormItem definition={rechargeLimitDefinitions.min_amount} />
      <FieldFormItem definition={rechargeLimitDefinitions.max_amount} />
    </SettingsForm>
  );
}
