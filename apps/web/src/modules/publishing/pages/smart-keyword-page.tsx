import { SearchOutlined } from '@ant-design/icons';
import { INDEX_PERIODS, keyword, publishingCalls, workingKeyword, type CallData, type SuggestedKeyword } from '@juqi/contract';
import { Alert, App, Button, Card, Empty, Flex, Form, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { RecordPickerEditor } from '../../../components/fields/field-picker';
import { CellMuted, CellTag } from '../../../components/table-cells';
import { useCallMutation } from '../../../lib/call-hooks';
import { showOnField } from '../../../lib/form-errors';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useShellSession } from '../../../lib/shell-session';
import { publishingMessages } from '../messages';
import '../publishing.css';

type Values = { seed: string; type_id?: number | null; industry_id?: number | null };
type Found = CallData<typeof publishingCalls.keywordSuggest>;

const PATH = '/automatic_publishing_tool/material/smart_keyword';

/**
 * 智能关键词 (docs/publishing.md › Material): from a seed word, the master library's related keywords, highest latest
 * index first — the model's expansions come with the large-model settings, and the screen says so — and the chosen
 * added to the tool's keywords (关键词) with a tag; those kept already cannot be chosen again.
 */
export function SmartKeywordPage() {
  const t = useMessages(publishingMessages);
  const language = usePreferences((s) => s.language);
  const { message } = App.useApp();
  const { menus } = useShellSession();
  const [form] = Form.useForm<Values>();
  const suggest = useCallMutation(publishingCalls.keywordSuggest, []);
  const keep = useCallMutation(publishingCalls.keywordKeep, [workingKeyword.calls.list]);
  const [found, setFound] = useState<Found | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [labelId, setLabelId] = useState<number | null>(null);

  const find = async (values: Values) => {
    try {
      setFound(await suggest.mutateAsync({ seed: values.seed, type_id: values.type_id ?? undefined, industry_id: values.industry_id ?? undefined }));
      setChosen([]);
    } catch (error) {
      showOnField(form, error, ['seed', 'type_id', 'industry_id']);
    }
  };
  const add = async () => {
    const { added, unchanged } = await keep.mutateAsync({ library_ids: chosen, ...(labelId !== null && { label_id: labelId }) });
    void message.success(
      <span>
        {format(t.keptKeywords, { added })}
        {unchanged > 0 && format(t.keptUnchanged, { unchanged })} <Link to="/automatic_publishing_tool/material/keyword">{t.openKeywords}</Link>
      </span>,
    );
    // What was added is now kept: shown so, and no longer offered.
    const addedIds = new Set(chosen);
    setFound((before) => before && { ...before, keywords: before.keywords.map((one) => (addedIds.has(one.id) ? { ...one, kept: true } : one)) });
    setChosen([]);
  };
  const periodName = (period: number | null) => INDEX_PERIODS.find((one) => one.value === period)?.label[language] ?? '';

  return (
    <Card title={menus.routes.get(PATH)?.title ?? t.smartKeywordTitle} className="publishing-titles">
      <Space orientation="vertical" size={16} className="publishing-titles__body">
        <Alert type="info" showIcon title={t.noModelKeywords} />
        <Form<Values> form={form} layout="inline" name="publishing-keyword-form" onFinish={(values) => void find(values)} className="publishing-titles__form">
          <Form.Item name="seed" label={t.seed} rules={[{ required: true, whitespace: true, message: t.seed }]}>
            <Input maxLength={50} allowClear />
          </Form.Item>
          <Form.Item name="type_id" label={t.keywordType}>
            <RecordPickerEditor definition={keyword.definitions.type_id!} single />
          </Form.Item>
          <Form.Item name="industry_id" label={t.keywordIndustry}>
            <RecordPickerEditor definition={keyword.definitions.industry_id!} single />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={suggest.isPending}>
              {t.findKeywords}
            </Button>
          </Form.Item>
        </Form>
        {found &&
          (found.keywords.length ? (
            <section aria-label={t.smartKeywordTitle}>
              <Typography.Paragraph type="secondary">{format(found.seed_known ? t.seedKnown : t.seedUnknown, { seed: found.seed })}</Typography.Paragraph>
              <Table<SuggestedKeyword>
                size="small"
                rowKey="id"
                dataSource={found.keywords}
                pagination={false}
                scroll={{ x: 640 }}
                rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys as number[]), getCheckboxProps: (row) => ({ disabled: row.kept, 'aria-label': row.word }) }}
                columns={[
                  { key: 'word', title: t.keyword, dataIndex: 'word', width: 200 },
                  { key: 'type', title: t.keywordType, dataIndex: 'type_name', width: 120 },
                  { key: 'industry', title: t.keywordIndustry, width: 140, render: (_, row) => row.industry_name ?? <CellMuted>—</CellMuted> },
                  {
                    key: 'index',
                    title: t.latestIndex,
                    width: 180,
                    align: 'right',
                    render: (_, row) =>
                      row.index_value === null ? (
                        <CellMuted>—</CellMuted>
                      ) : (
                        <span>
                          {row.index_value.toLocaleString(language)} <CellMuted>{format(t.indexAt, { period: periodName(row.index_period), start: row.index_start ?? '' })}</CellMuted>
                        </span>
                      ),
                  },
                  { key: 'kept', title: t.state, width: 120, render: (_, row) => (row.kept ? <CellTag tone="success">{t.kept}</CellTag> : null) },
                ]}
              />
              <Flex wrap gap={12} align="center" className="publishing-keywords__keep">
                <span>{t.keepLabel}</span>
                <RecordPickerEditor definition={workingKeyword.definitions.label_id!} single value={labelId} onChange={(value) => setLabelId((value as number | null | undefined) ?? null)} aria-label={t.keepLabel} />
                <Button type="primary" disabled={!chosen.length} loading={keep.isPending} onClick={() => void add()}>
                  {format(t.keepKeywords, { count: chosen.length })}
                </Button>
              </Flex>
            </section>
          ) : (
            <Empty description={t.noCandidates} />
          ))}
      </Space>
    </Card>
  );
}
