import { helpCalls } from '@juqi/contract';
import { Collapse, Empty, Flex, Select, Spin } from 'antd';
import { useState } from 'react';
import { RichText } from '../../../components/rich-text';
import { useMessages } from '../../../lib/i18n';
import { helpMessages } from '../messages';
import { QueryFailure } from '../../../components/query-failure';
import { useCallQuery } from '../../../lib/call-hooks';

/**
 * Feature introduction (§2.4): a top category, then one of its subcategories (the second list follows the first),
 * then the subcategory's functions as an accordion of rich-text explanations. It opens on the first subcategory that
 * has functions (an empty first category would greet a new operator with nothing), until the staff picks another.
 */
export function FeatureIntroduction() {
  const t = useMessages(helpMessages);
  const categories = useCallQuery(helpCalls.powerlist, { level_id: 1 });
  // The settings table lists functions in category order (top, then sub, then function), so its first row names the
  // first subcategory with content, in one call.
  const firstFunction = useCallQuery(helpCalls.functionIntroduction, { page: 1, limit: 1 });
  const [chosenTop, setChosenTop] = useState<number>();
  const [chosenSub, setChosenSub] = useState<number>();

  const tops = categories.data ?? [];
  const first = firstFunction.data?.data[0];
  const defaultTop = tops.find((c) => c.id === first?.top_category_id) ?? tops[0];
  const topId = tops.some((c) => c.id === chosenTop) ? chosenTop : defaultTop?.id;
  const subcategories = useCallQuery(helpCalls.powerlistsubset, firstFunction.isPending || topId === undefined ? null : { pid: topId });
  const subs = subcategories.data ?? [];
  const defaultSub = subs.find((c) => c.id === first?.pid) ?? subs[0];
  const subId = subs.some((c) => c.id === chosenSub) ? chosenSub : defaultSub?.id;
  const functions = useCallQuery(helpCalls.functionInform, subId === undefined ? null : { pid: subId });

  const failed = categories.isError ? categories : firstFunction.isError ? firstFunction : undefined;
  if (failed) return <QueryFailure compact error={failed.error} onRetry={() => void failed.refetch()} />;
  if (categories.isPending || firstFunction.isPending) return <Spin className="help-loading" />;
  if (tops.length === 0 || !first) return <Empty description={t.noIntroduction} />;

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap className="help-filters">
        <Select
          className="help-filters__select"
          aria-label={t.topCategory}
          placeholder={t.chooseTopCategory}
          value={topId}
          options={tops.map((c) => ({ value: c.id, label: c.name }))}
          onChange={(id: number) => {
            setChosenTop(id);
            setChosenSub(undefined);
          }}
        />
        <Select
          className="help-filters__select"
          aria-label={t.subCategory}
          placeholder={t.chooseSubCategory}
          value={subId}
          loading={subcategories.isFetching}
          disabled={subs.length === 0}
          notFoundContent={t.empty}
          options={subs.map((c) => ({ value: c.id, label: c.name }))}
          onChange={(id: number) => setChosenSub(id)}
        />
      </Flex>
      <FunctionAccordion
        key={subId ?? 0}
        loading={subcategories.isPending || (subId !== undefined && functions.isPending)}
        error={subcategories.error ?? functions.error}
        onRetry={() => void (subcategories.isError ? subcategories.refetch() : functions.refetch())}
        items={subId === undefined ? [] : (functions.data ?? [])}
      />
    </Flex>
  );
}

/** A function with its rich-text explanation. */
interface ExplainedFunction {
  id: number;
  name: string;
  explains: string;
}

function FunctionAccordion({
  loading,
  error,
  onRetry,
  items,
}: {
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  items: ExplainedFunction[];
}) {
  const t = useMessages(helpMessages);
  if (error) return <QueryFailure compact error={error} onRetry={onRetry} />;
  if (loading) return <Spin className="help-loading" />;
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} />;
  return <Explanations items={items} />;
}

/**
 * The functions' explanations, the first one open and one at a time. Kept here rather than by antd's `accordion`, which
 * marks the list up as tabs (a tablist with its panels inside, which ARIA does not allow): these are disclosure
 * buttons (aria-expanded) in a named group.
 */
function Explanations({ items }: { items: ExplainedFunction[] }) {
  const t = useMessages(helpMessages);
  const [open, setOpen] = useState([String(items[0]!.id)]);
  return (
    <div role="group" aria-label={t.functions}>
      <Collapse
        className="help-functions"
        activeKey={open}
        // antd adds the clicked key, or drops it when it was open: keep only one that was not open before.
        onChange={(keys) => setOpen(keys.filter((key) => !open.includes(key)))}
        items={items.map((fn) => ({
          key: String(fn.id),
          label: fn.name,
          children: fn.explains ? <RichText html={fn.explains} /> : <span className="help-muted">{t.empty}</span>,
        }))}
      />
    </div>
  );
}
