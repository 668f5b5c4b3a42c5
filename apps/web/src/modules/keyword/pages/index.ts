/** The keyword library's own screens, one chunk: loaded when one of them first opens. */
export { IndexPage } from './index-page';
export { KeywordPage } from './keyword-page';
