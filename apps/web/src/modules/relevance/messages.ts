import { defineMessages } from '../../lib/i18n';

/** The strings of 关联设置, zh-CN first; the region's field labels come from its declaration. */
export const relevanceMessages = defineMessages({
  'zh-CN': {
    cities: '城市',
    citiesCount: '城市（{count}）',
    drawerTitle: '{name} · 所辖城市',
    hint: '勾选省份即选中其下全部可选的城市。一个城市只属于一个大区：已属于其他大区的城市不可选，标有所属大区。',
    search: '搜索城市名称或拼音',
    heldBy: '{name}（{region}）',
    notOffered: '{name}（已停用）',
    chosen: '已选城市',
    noneChosen: '尚未选择城市',
    chosenCount: '已选 {count} 个城市',
    noMatch: '没有匹配的城市',
  },
  'en-US': {
    cities: 'Cities',
    citiesCount: 'Cities ({count})',
    drawerTitle: '{name} · cities',
    hint: 'Checking a province chooses all of its free cities. A city belongs to one region only: cities of another region cannot be chosen and show that region.',
    search: 'Search cities by name or pinyin',
    heldBy: '{name} ({region})',
    notOffered: '{name} (disabled)',
    chosen: 'Chosen cities',
    noneChosen: 'No city chosen yet',
    chosenCount: '1 city chosen|{count} cities chosen',
    noMatch: 'No city matches',
  },
});
