import type { WebModule } from '../app/web-module';
import { caseWebModule } from './case';
import { helpWebModule } from './help';
import { informWebModule } from './inform';
import { powerWebModule } from './power';
import { userWebModule } from './user';

/** Every web module; a new one is one line here. */
export const webModules: WebModule[] = [powerWebModule, helpWebModule, informWebModule, userWebModule, caseWebModule];
