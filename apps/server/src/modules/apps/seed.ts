import type { SeedContext } from '../../lib/module';
import { FAKE_MODEL_HOST } from './models';
import { llmProvider } from './table';

/**
 * The demo's large model: the fake provider, answered in the process when FAKE_MODEL=1 (README). It holds no key (the
 * fake asks for none; a key is sealed under SECRETS_KEY, which a seed may not have); without FAKE_MODEL it fails as an
 * unknown host would, which 测试 says.
 */
export async function seedApps({ db, demo }: SeedContext): Promise<void> {
  if (!demo) return;
  await db
    .insert(llmProvider)
    .values({ name: '演示模型', baseUrl: `https://${FAKE_MODEL_HOST}/v1`, model: 'juqi-demo', remark: 'FAKE_MODEL=1 时由本机模拟回答，不调用真实大模型' })
    .onConflictDoNothing({ target: llmProvider.name });
}
