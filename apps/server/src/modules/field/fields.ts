import type { FieldDefinitionRow, FieldForm } from '@juqi/contract';
import type { Executor } from '../../lib/db/client';

/**
 * What the field module offers the rest of the server (docs/field-definitions.md): a record's admin-defined values
 * checked against its form's definitions, before the record holder stores them in its `extra` column. Other modules
 * reach it as `lazyService(app.access, 'fields', 'field')` and import nothing of this module. Pass the caller's
 * transaction when one is open: on PGlite's one connection a query outside it would wait for it forever.
 */
export interface FormFields {
  /**
   * The values checked by the form's definitions and cleaned (trimmed, numbers from form strings, empty as null), a
   * left-out field taking its default. A bad value is 40000 whose `field` is the definition key; so is a key the form
   * has no field for.
   */
  check(form: FieldForm, values: Record<string, unknown>, tx?: Executor): Promise<Record<string, unknown>>;
  /**
   * The form's definitions in order, as its definition list answers them: which keys it has, which are unique (the
   * record holder enforces unique), and what a record holder's form draws.
   */
  definitions(form: FieldForm, tx?: Executor): Promise<FieldDefinitionRow[]>;
}

declare module '../../lib/http/types' {
  interface AccessServices {
    /** Admin-defined fields' checks, provided by the field module. */
    fields?: FormFields;
  }
}
