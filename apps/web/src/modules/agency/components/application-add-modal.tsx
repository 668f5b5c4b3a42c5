import { agencyApplicationCalls, agencyListCalls } from '@juqi/contract';
import { Select } from 'antd';
import { SearchSelect } from '../../../components/search-select';
import { ValuesFormModal } from '../../../components/values-form-modal';
import { useCallMutation, useCallQuery } from '../../../lib/call-hooks';
import { useMessages } from '../../../lib/i18n';
import { agencyMessages } from '../messages';
import { placeName } from './agency-drawer';

/**
 * 为用户提交代理申请: staff file 代理申请 for an ordinary user — the user, their city and 代理申请表's values — and the
 * application walks 基础设置's flow like one filed in the apps; the approvers decide it in their to-dos.
 */
export function ApplicationAddModal({ onClose }: { onClose: () => void }) {
  const t = useMessages(agencyMessages);
  const options = useCallQuery(agencyApplicationCalls.applicationOptions, undefined);
  const file = useCallMutation(agencyApplicationCalls.applicationAdd, [agencyListCalls.agencyList]);
  return (
    <ValuesFormModal
      title={t.applicationAdd}
      fields={{ ...options, data: options.data?.form }}
      choices={[
        {
          key: 'user_id',
          label: t.applicant,
          required: t.applicantRequired,
          control: (
            <SearchSelect
              call={agencyApplicationCalls.applicationCandidates}
              placeholder={t.applicantSearch}
              optionLabel={(u) => `${u.name || t.none} · ${u.mobile}${u.verified ? '' : ` · ${t.unverified}`}`}
            />
          ),
        },
        {
          key: 'city_code',
          label: t.city,
          required: t.cityRequired,
          control: (
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t.citySearch}
              options={options.data?.cities.map((c) => ({ value: c.code, label: placeName({ province: c.province, city: c.name }) }))}
            />
          ),
        },
      ]}
      hint={t.applicationAddHint}
      done={t.applicationFiled}
      save={(chosen, values) => file.mutateAsync({ user_id: chosen.user_id as number, city_code: chosen.city_code as string, values })}
      onClose={onClose}
    />
  );
}
