import { describe, expect, it } from 'vitest';
import { titleTemplate } from './publishing';

const addBody = titleTemplate.calls.add!.body!;
const add = (content: string) => addBody.safeParse({ name: '城市推荐', content });

describe('title templates', () => {
  it('take text with the four placeholders written whole, anywhere and more than once', () => {
    for (const content of ['{city}{keyword}哪家好？{date}最新推荐', '{industry}必看：{keyword}排行榜', '选{keyword}前必看', '{keyword}{keyword}', '没有占位符的标题'])
      expect(add(content).success, content).toBe(true);
  });

  it('refuse an unknown placeholder, a brace left open or alone, naming the template', () => {
    for (const content of ['{城市}{keyword}', '{keyword', 'keyword}', '{}', '{{keyword}}', '{Keyword}', '{ keyword }']) {
      const parsed = add(content);
      expect(parsed.success, content).toBe(false);
      expect(parsed.error?.issues[0]?.path, content).toEqual(['content']);
    }
  });
});
