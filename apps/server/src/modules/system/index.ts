import { systemCalls } from '@juqi/contract';
import { sql } from 'drizzle-orm';
import { route } from '../../lib/http/route';
import type { ServerModule } from '../../lib/module';

export const systemModule: ServerModule = {
  name: 'system',
  routes: async (app) => {
    route(app, systemCalls.health, async () => {
      await app.database.db.execute(sql`select 1`);
      return { status: 'ok' as const, engine: app.database.engine };
    });
  },
};
