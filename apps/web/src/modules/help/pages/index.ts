import '../help.css';

export { IntroductionPage } from './introduction-page';
export { UpgradeLogPage } from './upgrade-log-page';
