import type { ServerModule } from '../lib/module';
import { settingsModule } from './settings';
import { staffModule } from './staff';
import { systemModule } from './system';

/** Every business module, in load and seed order. A new module is one line here. */
export const serverModules: ServerModule[] = [systemModule, settingsModule, staffModule];
