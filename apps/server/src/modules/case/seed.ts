import type { SeedContext } from '../../lib/module';
import { casePlatform } from './table';

/** The platforms a content-marketing agency publishes cases on, for the demo. */
const DEMO_PLATFORMS = ['抖音', '小红书', '快手', '视频号', '哔哩哔哩', '微博'];

export async function seedCase({ db, demo }: SeedContext): Promise<void> {
  if (!demo) return;
  await db
    .insert(casePlatform)
    .values(DEMO_PLATFORMS.map((name, index) => ({ name, sort: (index + 1) * 10 })))
    .onConflictDoNothing({ target: casePlatform.name });
}
