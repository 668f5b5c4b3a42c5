import '../field.css';

export { FieldFormPage } from './field-form-page';
