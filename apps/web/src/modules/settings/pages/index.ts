import '../settings.css';

export { SystemSettingsPage } from './system-settings-page';
