import '../help.css';

export { IntroductionPage } from './introduction-page';
export { ManualPage } from './manual-page';
export { UpgradeLogPage } from './upgrade-log-page';
