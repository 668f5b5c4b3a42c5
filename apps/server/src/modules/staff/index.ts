import type { ServerModule } from '../../lib/module';
import { seedStaff } from './seed';

export const staffModule: ServerModule = {
  name: 'staff',
  routes: async () => {},
  seed: seedStaff,
};
