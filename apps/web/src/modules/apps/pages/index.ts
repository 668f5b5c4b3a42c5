export { LlmPage } from './llm-page';
