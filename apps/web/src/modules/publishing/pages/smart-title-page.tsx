import { ThunderboltOutlined } from '@ant-design/icons';
import { MATERIAL_TITLE_MAX, publishingCalls, titleTemplate, type CallData } from '@juqi/contract';
import { Alert, App, Button, Card, Checkbox, Empty, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCallMutation, useCallQuery } from '../../../lib/call-hooks';
import { showOnField } from '../../../lib/form-errors';
import { format, useMessages } from '../../../lib/i18n';
import { useShellSession } from '../../../lib/shell-session';
import { publishingMessages } from '../messages';
import '../publishing.css';

type Values = { keyword: string; city?: string; industry?: string; template_ids?: number[] };
type Generated = CallData<typeof publishingCalls.titleGenerate>;

const PATH = '/automatic_publishing_tool/material/smart_title';

/**
 * 智能标题生成 (docs/publishing.md › Material): titles for a keyword from the title templates — the model's come with the
 * large-model settings, this is their fallback and says so — and the chosen kept as draft materials (自定义标题), each to
 * be given its body before review.
 */
export function SmartTitlePage() {
  const t = useMessages(publishingMessages);
  const { message } = App.useApp();
  const { menus } = useShellSession();
  const [form] = Form.useForm<Values>();
  const templates = useCallQuery(titleTemplate.calls.list, { enabled: true, limit: 200 });
  const generate = useCallMutation(publishingCalls.titleGenerate, []);
  const save = useCallMutation(publishingCalls.titleSave, []);
  const [made, setMade] = useState<{ keyword: string; answer: Generated } | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);

  const run = async (values: Values) => {
    try {
      const answer = await generate.mutateAsync({ keyword: values.keyword, city: values.city || undefined, industry: values.industry || undefined, template_ids: values.template_ids?.length ? values.template_ids : undefined });
      setMade({ keyword: values.keyword, answer });
      setChosen(answer.titles.filter((one) => !one.too_long).map((one) => one.title));
    } catch (error) {
      showOnField(form, error, ['keyword', 'city', 'industry', 'template_ids']);
    }
  };
  const keep = async () => {
    if (!made) return;
    const { ids } = await save.mutateAsync({ keyword: made.keyword, titles: chosen });
    void message.success(
      <span>
        {format(t.savedTitles, { count: ids.length })} <Link to="/automatic_publishing_tool/material/custom_title">{t.openMaterials}</Link>
      </span>,
    );
    setChosen([]);
  };

  return (
    <Card title={menus.routes.get(PATH)?.title ?? t.smartTitle} className="publishing-titles">
      <Space orientation="vertical" size={16} className="publishing-titles__body">
        {(!made || made.answer.source === 'template') && <Alert type="info" showIcon title={t.noModel} />}
        <Form<Values> form={form} layout="inline" name="publishing-title-form" onFinish={(values) => void run(values)} className="publishing-titles__form">
          <Form.Item name="keyword" label={t.keyword} rules={[{ required: true, whitespace: true, message: t.keyword }]}>
            <Input maxLength={50} allowClear />
          </Form.Item>
          <Form.Item name="city" label={t.city}>
            <Input maxLength={20} allowClear />
          </Form.Item>
          <Form.Item name="industry" label={t.industry}>
            <Input maxLength={20} allowClear />
          </Form.Item>
          <Form.Item name="template_ids" label={t.templates}>
            <Select<number[]>
              mode="multiple"
              allowClear
              placeholder={t.allTemplates}
              className="publishing-titles__templates"
              optionFilterProp="label"
              options={(templates.data?.data ?? []).map((row) => ({ value: row.id, label: row.name }))}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<ThunderboltOutlined />} loading={generate.isPending}>
              {t.generate}
            </Button>
          </Form.Item>
        </Form>
        {made &&
          (made.answer.titles.length ? (
            <section aria-label={format(t.generated, { count: made.answer.titles.length })}>
              <Typography.Paragraph type="secondary">{format(t.generated, { count: made.answer.titles.length })}</Typography.Paragraph>
              <Checkbox.Group value={chosen} onChange={(values) => setChosen(values as string[])} className="publishing-titles__list">
                {made.answer.titles.map((one) => (
                  <Checkbox key={`${one.template_id}`} value={one.title} disabled={one.too_long}>
                    <span className="publishing-titles__title">{one.title}</span> <Tag>{one.template_name}</Tag>
                    {one.too_long && <Typography.Text type="danger">{format(t.tooLong, { max: MATERIAL_TITLE_MAX })}</Typography.Text>}
                  </Checkbox>
                ))}
              </Checkbox.Group>
              <Button type="primary" disabled={!chosen.length} loading={save.isPending} onClick={() => void keep()} className="publishing-titles__save">
                {format(t.saveTitles, { count: chosen.length })}
              </Button>
            </section>
          ) : (
            <Empty description={t.noTitles} />
          ))}
      </Space>
    </Card>
  );
}
