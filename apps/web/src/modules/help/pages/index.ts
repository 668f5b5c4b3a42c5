import '../help.css';

export { IntroductionPage } from './introduction-page';
