export { AccountPage } from './account-page';
export { MaterialReviewPage } from './material-review-page';
