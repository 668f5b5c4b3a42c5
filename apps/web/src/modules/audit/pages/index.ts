import '../audit.css';

export { OperationLogPage } from './operation-log-page';
