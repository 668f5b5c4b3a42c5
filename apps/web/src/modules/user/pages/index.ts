import '../user.css';

export { LoginLogPage } from './login-log-page';
export { UserListPage } from './user-list-page';
export { VerificationPage } from './verification-page';
