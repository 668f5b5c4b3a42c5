import { FIELD_FORM_NAMES, FIELD_FORMS, fieldFormOperations, type FieldForm } from '@juqi/contract';
import { createElement } from 'react';
import type { WebModule, WebPage } from '../../lib/web-module';

/** The forms each menu screen holds, in FIELD_FORMS' order: one mostly; 代理申请 holds 代理申请表 and 业务申请表. */
const formsByMenu = new Map<string, FieldForm[]>();
for (const form of FIELD_FORM_NAMES) formsByMenu.set(FIELD_FORMS[form].menu, [...(formsByMenu.get(FIELD_FORMS[form].menu) ?? []), form]);

/**
 * The field-definition screens (issue 17): each form's fields under 设置 (客户信息设置, 客户注册设置, 产品信息设置, 人员信息,
 * 代理申请), one screen per menu path `FIELD_FORMS` gives, drawn by one page taking its forms (a tab each where a screen
 * holds several). The screens come from the pages barrel, one chunk.
 */
export const fieldWebModule: WebModule = {
  name: 'field',
  pages: Object.fromEntries(
    [...formsByMenu].map(([menu, forms]): [string, WebPage] => {
      const load = () => import('./pages').then(({ FieldFormsPage }) => ({ default: () => createElement(FieldFormsPage, { forms }) }));
      const first = forms[0]!;
      // A form that is a section of another module's screen (业务开通表 in 业务设置) comes after that module's section.
      const shared = (FIELD_FORMS[first] as { section?: true }).section;
      return [menu, shared ? { load, section: { label: FIELD_FORMS[first].label, order: 1, operation: fieldFormOperations(first).view } } : { load }];
    }),
  ),
};
