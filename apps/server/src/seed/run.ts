import type { SeedContext } from '../lib/module';
import { serverModules } from '../modules';

/** Runs every module's seed in module order. Each is idempotent, so this runs at every start. */
export async function runSeeds(ctx: SeedContext): Promise<void> {
  for (const module of serverModules) {
    if (module.seed) await module.seed(ctx);
  }
}
