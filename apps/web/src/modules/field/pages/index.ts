import '../field.css';

export { FieldFormsPage } from './field-form-page';
