import type { WebModule } from '../app/web-module';

/** Every web module; a new one is one line here. */
export const webModules: WebModule[] = [];
