import type { FieldForm } from '@juqi/contract';

/** Query keys of the field-definition screens: everything of a form sits under `['field', form]`. */
export const fieldKeys = {
  form: (form: FieldForm) => ['field', form] as const,
  definitions: (form: FieldForm) => ['field', form, 'definitions'] as const,
  samples: (form: FieldForm) => ['field', form, 'samples'] as const,
  sampleList: (form: FieldForm, params: object) => ['field', form, 'samples', params] as const,
};
