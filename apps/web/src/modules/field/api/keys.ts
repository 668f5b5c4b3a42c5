import { fieldFormCalls, type FieldForm } from '@juqi/contract';

/** The calls a change of a form's fields refreshes: the fields, and the saved previews, whose columns and filters they are. */
export const definitionReads = (form: FieldForm) => [fieldFormCalls[form].definitionList, fieldFormCalls[form].sampleList];
