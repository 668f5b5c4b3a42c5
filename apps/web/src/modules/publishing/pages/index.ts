export { AccountPage } from './account-page';
export { MaterialReviewPage } from './material-review-page';
export { ManualPublishingPage, SmartPublishingPage, TimedPublishingPage } from './publications-page';
export { SmartKeywordPage } from './smart-keyword-page';
export { SmartTitlePage } from './smart-title-page';
