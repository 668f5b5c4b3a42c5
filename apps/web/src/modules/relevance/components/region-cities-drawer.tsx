import type { CityRegion } from '@juqi/contract';
import { Alert, App, Button, Empty, Flex, Input, Space, Spin, Tag, Tree, Typography, type TreeDataNode } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { ConfirmCloseDrawer, DrawerCloseButton } from '../../../components/confirm-close-drawer';
import { commonMessages } from '../../../components/messages';
import { QueryFailure } from '../../../components/query-failure';
import { format, useMessages } from '../../../lib/i18n';
import { useCityRegions, useRegionCities, useSetRegionCities } from '../api';
import { relevanceMessages } from '../messages';
import '../relevance.css';

interface RegionCitiesDrawerProps {
  region: { id: number; name: string };
  /** With `relevance.region.edit` the cities can be changed and saved; without it they are shown read-only. */
  editable: boolean;
  onClose: () => void;
}

const PROVINCE = 'p';
const provinceKey = (code: string) => `${PROVINCE}${code}`;

/** Words typed into the search, as the city rows hold them: Chinese as it is, pinyin in lower case without spaces. */
const wordsOf = (text: string) => text.trim().toLowerCase().replace(/\s+/g, '');
const matches = (city: CityRegion, words: string) =>
  !words || city.name.includes(words) || city.province_name.includes(words) || city.pinyin.includes(words) || city.initials.startsWith(words);

/**
 * The cities of one region, picked from a tree of provinces and their cities: checking a province checks its free
 * cities; a city another region holds is disabled and names that region. Searches by name, province, pinyin or pinyin
 * initials. Mounted while open, so each opening starts from the region's cities as the server holds them.
 */
export function RegionCitiesDrawer({ region, editable, onClose }: RegionCitiesDrawerProps) {
  const t = useMessages(relevanceMessages);
  const common = useMessages(commonMessages);
  const { message } = App.useApp();
  const cities = useCityRegions();
  const held = useRegionCities(region.id);
  const save = useSetRegionCities();
  // null until the staff changes something: until then the region's cities as loaded show.
  const [changed, setChanged] = useState<ReadonlySet<string> | null>(null);
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  const initial = useMemo(() => new Set(held.data?.map((city) => city.code)), [held.data]);
  const all = cities.data;
  // Cities another region holds (now: a refused save reloads them) are never chosen.
  const takenElsewhere = useMemo(() => new Set(all?.filter((c) => c.region_id !== null && c.region_id !== region.id).map((c) => c.code)), [all, region.id]);
  const chosen = useMemo(() => new Set([...(changed ?? initial)].filter((code) => !takenElsewhere.has(code))), [changed, initial, takenElsewhere]);

  const words = wordsOf(search);
  const { treeData, free, provinces } = useMemo(() => {
    // Cities 城市设置 does not offer are left out, unless the region holds one already (so it can be let go).
    const shown = (all ?? []).filter((c) => (c.enabled || initial.has(c.code)) && matches(c, words));
    const titleOf = (c: CityRegion) =>
      takenElsewhere.has(c.code) ? format(t.heldBy, { name: c.name, region: c.region_name ?? '' }) : c.enabled ? c.name : format(t.notOffered, { name: c.name });
    const leaf = (c: CityRegion): TreeDataNode => ({ key: c.code, title: titleOf(c), isLeaf: true, disabled: takenElsewhere.has(c.code) });
    const groups = new Map<string, CityRegion[]>();
    for (const city of shown) groups.set(city.province_code, [...(groups.get(city.province_code) ?? []), city]);
    const nodes = [...groups.entries()].map(([code, members]): TreeDataNode => {
      // A municipality (北京市) is its own province's one city: one entry, not a province holding itself.
      if (members.length === 1 && members[0]!.code === code) return leaf(members[0]!);
      const children = members.map(leaf);
      return { key: provinceKey(code), title: members[0]!.province_name, children, disabled: children.every((child) => child.disabled) };
    });
    return {
      treeData: nodes,
      free: new Set(shown.filter((c) => !takenElsewhere.has(c.code)).map((c) => c.code)),
      provinces: nodes.filter((node) => node.children).map((node) => ({ key: node.key, codes: node.children!.map((child) => String(child.key)) })),
    };
  }, [all, initial, words, takenElsewhere, t]);

  // Opened: the provinces holding chosen cities; while searching: every province with a match.
  const expandedKeys = expanded ?? provinces.filter((p) => words || p.codes.some((code) => chosen.has(code))).map((p) => p.key);
  const checkedKeys = [...chosen].filter((code) => free.has(code));
  const chosenCities = (all ?? []).filter((c) => chosen.has(c.code));

  const choose = (next: ReadonlySet<string>) => {
    setChanged(next);
    setRefused(null);
  };
  // The tree reports the cities checked among those it shows; those the search hides keep their state.
  const onCheck = (keys: Key[]) => choose(new Set([...[...chosen].filter((code) => !free.has(code)), ...keys.map(String).filter((key) => free.has(key))]));

  const submit = async () => {
    try {
      await save.mutateAsync({ id: region.id, city_codes: [...chosen] });
      void message.success(common.saved);
      onClose();
    } catch (error) {
      // The drawer stays open with the staff's choices and says what was refused; the reloaded list shows who holds what.
      if (error instanceof Error) setRefused(error.message);
    }
  };

  const failure = cities.error ?? held.error;
  const ready = cities.data && held.data;
  return (
    <ConfirmCloseDrawer
      open
      size={560}
      title={format(t.drawerTitle, { name: region.name })}
      onClose={onClose}
      unsaved={() => changed !== null}
      destroyOnHidden
      className="relevance-cities"
      footer={
        ready ? (
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Typography.Text type="secondary">{format(t.chosenCount, { count: chosen.size })}</Typography.Text>
            {editable && (
              <Space>
                <DrawerCloseButton>{common.cancel}</DrawerCloseButton>
                <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
                  {common.save}
                </Button>
              </Space>
            )}
          </Flex>
        ) : null
      }
    >
      {ready ? (
        <Flex vertical gap={12}>
          {editable && <Typography.Paragraph type="secondary" className="relevance-cities__hint">{t.hint}</Typography.Paragraph>}
          {refused && <Alert type="error" showIcon title={refused} />}
          <section aria-label={t.chosen} className="relevance-cities__chosen">
            {chosenCities.length ? (
              chosenCities.map((city) => <Tag key={city.code}>{city.name}</Tag>)
            ) : (
              <Typography.Text type="secondary">{t.noneChosen}</Typography.Text>
            )}
          </section>
          <Input.Search
            allowClear
            aria-label={t.search}
            placeholder={t.search}
            maxLength={30}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setExpanded(null);
            }}
          />
          {treeData.length ? (
            <Tree<TreeDataNode>
              className="relevance-cities__tree"
              checkable
              selectable={false}
              blockNode
              disabled={!editable}
              treeData={treeData}
              expandedKeys={expandedKeys}
              onExpand={(keys) => setExpanded(keys)}
              checkedKeys={checkedKeys}
              onCheck={(keys) => onCheck(Array.isArray(keys) ? keys : keys.checked)}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noMatch} />
          )}
        </Flex>
      ) : failure ? (
        <QueryFailure
          compact
          error={failure}
          onRetry={() => {
            void cities.refetch();
            void held.refetch();
          }}
        />
      ) : (
        <Spin />
      )}
    </ConfirmCloseDrawer>
  );
}
