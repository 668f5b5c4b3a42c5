import type { FieldType } from '@juqi/contract';
import type { typeGroupNames } from './messages';

type TypeGroup = keyof (typeof typeGroupNames)['zh-CN'];

/** The 35 types as the type picker groups them (each once; the test checks none is missing). */
export const TYPE_GROUPS = {
  basic: ['text', 'textarea', 'number', 'floatnumber', 'percent', 'mobile', 'email', 'website', 'boolean_value'],
  choice: ['select', 'checkbox', 'cascader'],
  date: ['date', 'datetime', 'date_interval'],
  records: ['user', 'single_user', 'structure', 'contacts', 'customer', 'contract', 'business', 'company_select', 'merchant_select', 'industry'],
  files: ['pic', 'file_img', 'certificate_img', 'file', 'handwriting_sign'],
  place: ['position', 'location'],
  layout: ['desc_text', 'title_divider'],
  table: ['detail_table'],
} as const satisfies Record<TypeGroup, readonly FieldType[]>;

/** The types whose definition holds options (the contract requires them there and refuses them elsewhere). */
export const hasOptions = (type: FieldType): boolean => (TYPE_GROUPS.choice as readonly FieldType[]).includes(type);
