import { FIELD_FORM_NAMES, FIELD_FORMS } from '@juqi/contract';
import { createElement } from 'react';
import type { WebModule, WebPage } from '../../lib/web-module';

/**
 * The field-definition screens (issue 17): each form's fields under 设置 (客户信息设置, 客户注册设置, 产品信息设置, 人员信息),
 * one screen per form at the menu path `FIELD_FORMS` gives it, all drawn by one page taking the form. The screens come
 * from the pages barrel, one chunk.
 */
export const fieldWebModule: WebModule = {
  name: 'field',
  pages: Object.fromEntries(
    FIELD_FORM_NAMES.map((form): [string, WebPage] => [
      FIELD_FORMS[form].menu,
      { load: () => import('./pages').then(({ FieldFormPage }) => ({ default: () => createElement(FieldFormPage, { form }) })) },
    ]),
  ),
};
