import { businessCatalogCalls, businessPackage, businessResource, yuanRangeText, yuanText, type BusinessCard } from '@juqi/contract';
import { Button, Card, Descriptions, Drawer, Empty, Pagination, Spin, Table, Tag, Typography } from 'antd';
import { FilterBar } from '../../../components/filter-bar';
import { QueryFailure } from '../../../components/query-failure';
import { FilterControl } from '../../../components/resource/resource-filters';
import { RichText } from '../../../components/rich-text';
import { CellTag } from '../../../components/table-cells';
import { TextFilter } from '../../../components/text-filter';
import { useCallQuery } from '../../../lib/call-hooks';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { clearedUrlState, urlField, useUrlState } from '../../../lib/url-state';
import { businessMessages } from '../messages';
import '../business.css';

const filterShape = businessCatalogCalls.catalog.body!.shape;
/** The list's filters, its page and the open business live in the URL: a link or a reload shows the same. */
const CATALOG_URL = {
  keyword: urlField('text', filterShape.keyword),
  industry_id: urlField('number', filterShape.industry_id),
  enabled: urlField('boolean', filterShape.enabled),
  page: urlField('number', filterShape.page),
  open: urlField('number', businessCatalogCalls.show.body!.shape.id),
};
const PAGE_SIZE = 12;

/**
 * 全部业务 (docs/marketplace.md › 全部业务): the businesses as the apps show them — a card each with its industry,
 * summary and the price of its packages on sale — and a business's showcase in a drawer: its introduction and packages.
 */
export function BusinessCatalogPage() {
  const t = useMessages(businessMessages);
  const language = usePreferences((s) => s.language);
  const [filter, setFilter] = useUrlState(CATALOG_URL);
  const { keyword, industry_id, enabled, page = 1, open } = filter;
  const query = useCallQuery(businessCatalogCalls.catalog, { keyword, industry_id, enabled, page, limit: PAGE_SIZE }, { keepPrevious: true });
  const label = (key: 'industry_id' | 'enabled') => businessResource.fields[key].label[language];
  const filterBy = (key: 'industry_id' | 'enabled', value: unknown) => setFilter({ [key]: value, page: undefined });

  return (
    <Card title={t.title} className="business-catalog">
      <FilterBar
        search={<TextFilter label={t.search} maxLength={30} value={keyword} onChange={(words) => setFilter({ keyword: words, page: undefined })} />}
        active={[industry_id, enabled].filter((value) => value !== undefined).length}
        searching={keyword !== undefined}
        onClear={() => setFilter(clearedUrlState(CATALOG_URL))}
      >
        {(['industry_id', 'enabled'] as const).map((key) => (
          <FilterControl
            key={key}
            field={businessResource.definitions[key]!}
            operator="equals"
            label={label(key)}
            language={language}
            value={filter[key]}
            onChange={(value) => filterBy(key, value)}
          />
        ))}
      </FilterBar>
      {query.isError ? (
        <QueryFailure error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Spin className="business-catalog__loading" />
      ) : query.data.count === 0 ? (
        <Empty description={t.none} />
      ) : (
        <>
          <ul className="business-catalog__grid">
            {query.data.data.map((business) => (
              <li key={business.id}>
                <BusinessTile business={business} onOpen={() => setFilter({ open: business.id })} />
              </li>
            ))}
          </ul>
          <Pagination
            className="business-catalog__pages"
            align="end"
            current={page}
            pageSize={PAGE_SIZE}
            total={query.data.count}
            showTotal={(count) => format(t.total, { count })}
            showSizeChanger={false}
            onChange={(next) => setFilter({ page: next === 1 ? undefined : next })}
          />
        </>
      )}
      <BusinessShowcase id={open} onClose={() => setFilter({ open: undefined })} />
    </Card>
  );
}

/** What its packages on sale cost: one price, a range, or none on sale. */
function usePriceText() {
  const t = useMessages(businessMessages);
  return ({ price_from, price_to }: BusinessCard) =>
    price_from === null ? t.noPackage : yuanRangeText(price_from, price_to!);
}

function BusinessTile({ business, onOpen }: { business: BusinessCard; onOpen: () => void }) {
  const t = useMessages(businessMessages);
  const price = usePriceText();
  return (
    // The whole card opens the showcase for a pointer; its title is the button a keyboard and a screen reader reach.
    <Card
      hoverable
      size="small"
      className="business-tile"
      onClick={onOpen}
      title={
        <Button type="link" className="business-tile__open" onClick={(event) => (event.stopPropagation(), onOpen())}>
          {business.name}
        </Button>
      }
      extra={!business.enabled && <CellTag tone="default">{t.offSale}</CellTag>}
    >
      <Tag>{business.industry_name ?? t.everyIndustry}</Tag>
      <Typography.Paragraph className="business-tile__summary" type="secondary" ellipsis={{ rows: 2 }}>
        {business.summary || '—'}
      </Typography.Paragraph>
      <div className="business-tile__price">{business.price_from === null ? <Typography.Text type="secondary">{t.noPackage}</Typography.Text> : price(business)}</div>
      <Typography.Text type="secondary" className="business-tile__count">
        {format(t.packagesOnSale, { onSale: business.packages_on_sale, count: business.package_count })}
      </Typography.Text>
    </Card>
  );
}

/** A business's showcase ("show"): its figures, its introduction and every package, those off sale marked. */
function BusinessShowcase({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const t = useMessages(businessMessages);
  const language = usePreferences((s) => s.language);
  const price = usePriceText();
  const query = useCallQuery(businessCatalogCalls.show, id === undefined ? null : { id });
  const shown = query.data;
  const packageLabel = (key: keyof typeof businessPackage.fields) => businessPackage.fields[key].label[language];
  return (
    <Drawer open={id !== undefined} onClose={onClose} title={shown?.name} size="large" destroyOnHidden>
      {query.isError ? (
        <QueryFailure error={query.error} onRetry={() => void query.refetch()} />
      ) : !shown ? (
        <Spin />
      ) : (
        <>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'industry', label: businessResource.fields.industry_id.label[language], children: shown.industry_name ?? t.everyIndustry },
              { key: 'state', label: businessResource.fields.enabled.label[language], children: <CellTag tone={shown.enabled ? 'success' : 'default'}>{shown.enabled ? t.onSale : t.offSale}</CellTag> },
              { key: 'price', label: businessPackage.fields.price.label[language], children: price(shown) },
              { key: 'summary', label: businessResource.fields.summary.label[language], children: shown.summary || '—' },
            ]}
          />
          <Typography.Title level={5}>{t.packages}</Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={shown.packages}
            columns={[
              { key: 'name', title: packageLabel('name'), dataIndex: 'name' },
              { key: 'price', title: packageLabel('price'), align: 'right', render: (_, row) => yuanText(row.price) },
              { key: 'days', title: packageLabel('duration_days'), render: (_, row) => format(t.days, { days: row.duration_days }) },
              { key: 'quota', title: packageLabel('quota'), render: (_, row) => (row.quota === 0 ? t.unlimited : row.quota) },
              { key: 'description', title: packageLabel('description'), dataIndex: 'description' },
              { key: 'enabled', title: packageLabel('enabled'), render: (_, row) => <CellTag tone={row.enabled ? 'success' : 'default'}>{row.enabled ? t.onSale : t.offSale}</CellTag> },
            ]}
          />
          <Typography.Title level={5}>{t.introduction}</Typography.Title>
          <RichText html={shown.content} />
        </>
      )}
    </Drawer>
  );
}
