import { LineChartOutlined } from '@ant-design/icons';
import { INDEX_IMPORT_MAX_BYTES, INDEX_IMPORT_MAX_ROWS, INDEX_PERIODS, keywordCalls, keywordIndex, type IndexPeriod } from '@juqi/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Empty, Spin, Typography } from 'antd';
import { useMemo } from 'react';
import { EChart, type ChartOption } from '../../../components/echart';
import { ResourcePage, type ResourcePageOptions } from '../../../components/resource/resource-page';
import { WorkbookImportButton } from '../../../components/workbook-import';
import { callApi } from '../../../lib/api-client';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { resourceKeys, useResourceFilter } from '../../../lib/resource';
import { keywordMessages } from '../messages';
import '../keyword.css';

/**
 * The filtered keyword's index over time, above the list (docs/publishing.md › Keyword library): its values of the
 * chosen period (by day unless one is chosen) within the chosen days. Kept under the resource's keys, so a value added,
 * edited or deleted on the list redraws it.
 */
function IndexTrend() {
  const t = useMessages(keywordMessages);
  const language = usePreferences((s) => s.language);
  const [filter] = useResourceFilter(keywordIndex);
  const keywordId = filter.keyword_id as number | undefined;
  const period = ((filter.period as IndexPeriod | undefined) ?? 1) as IndexPeriod;
  const days = filter.period_start as [string, string] | undefined;
  const body = keywordId ? { keyword_id: keywordId, period, ...(days && { period_start: days }) } : null;
  const trend = useQuery({
    queryKey: [...resourceKeys(keywordIndex).all, 'trend', body],
    queryFn: () => callApi(keywordCalls.indexTrend, { body: body! }),
    enabled: body !== null,
  });
  const periodName = INDEX_PERIODS.find((one) => one.value === period)!.label[language];
  const option = useMemo<ChartOption>(
    () => ({
      grid: { left: 56, right: 16, top: 16, bottom: 28 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: (trend.data ?? []).map((point) => point.period_start) },
      yAxis: { type: 'value' },
      series: [{ type: 'line', name: periodName, data: (trend.data ?? []).map((point) => point.value), smooth: true, showSymbol: (trend.data?.length ?? 0) <= 31, showAllSymbol: true }],
    }),
    [trend.data, periodName],
  );
  if (!body) return <Alert className="keyword-trend" type="info" showIcon icon={<LineChartOutlined />} title={t.trendHint} />;
  const title = format(t.trendTitle, { period: periodName });
  return (
    <section className="keyword-trend" aria-label={title}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {trend.isPending ? <Spin /> : trend.data?.length ? <EChart option={option} label={title} height={240} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.trendEmpty} />}
    </section>
  );
}

const TREND_ICON = <LineChartOutlined />;

/** 导入 Excel beside 新增, for holders of keyword.index.import. */
function IndexImportButton() {
  const t = useMessages(keywordMessages);
  const language = usePreferences((s) => s.language);
  const client = useQueryClient();
  return (
    <WorkbookImportButton
      operation="keyword.index.import"
      label={t.import}
      title={t.indexImportTitle}
      call={keywordCalls.indexImport}
      template={{ call: keywordCalls.indexImportTemplate, fallbackName: 'index-import-template.xlsx' }}
      maxBytes={INDEX_IMPORT_MAX_BYTES}
      hint={format(t.indexImportHint, { rows: INDEX_IMPORT_MAX_ROWS.toLocaleString(language), mb: INDEX_IMPORT_MAX_BYTES / 1024 / 1024 })}
      done={(result) => format(t.indexImportDone, { ...result })}
      onImported={() => void client.invalidateQueries({ queryKey: resourceKeys(keywordIndex).all })}
    />
  );
}

/** 指数管理: the declared list of index values with their import, the filtered keyword's trend above it, and 查看趋势 in each row's menu. */
export function IndexPage() {
  const t = useMessages(keywordMessages);
  const [, setFilter] = useResourceFilter(keywordIndex);
  const options = useMemo<ResourcePageOptions>(
    () => ({
      intro: <IndexTrend />,
      tools: <IndexImportButton />,
      rowMenu: (row) => [{ key: 'trend', label: t.trendOf, icon: TREND_ICON, onSelect: () => setFilter({ keyword_id: row.keyword_id as number, period: row.period as number }) }],
    }),
    [t, setFilter],
  );
  return <ResourcePage resource={keywordIndex} options={options} />;
}
