import './dashboard.css';

export { HrDashboardPage } from './hr-dashboard-page';
