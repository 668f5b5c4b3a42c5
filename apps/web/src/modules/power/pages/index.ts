import '../power.css';

export { FunctionPage } from './function-page';
export { LoginSettingsPage } from './login-settings-page';
export { RolePage } from './role-page';
