/** The 通用设置 screens, one chunk: loaded when one of them first opens. */
export { CityPage } from './city-page';
export { IndustryPage } from './industry-page';
