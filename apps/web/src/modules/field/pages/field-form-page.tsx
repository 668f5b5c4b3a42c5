import { PlusOutlined } from '@ant-design/icons';
import { FIELD_FORMS, fieldFormCalls, fieldFormOperations, type FieldDefinitionRow, type FieldForm, type FieldSampleRow } from '@juqi/contract';
import { Button, Card, Col, Row, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { QueryFailure } from '../../../components/query-failure';
import { useCallQuery } from '../../../lib/call-hooks';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useCan } from '../../../lib/shell-session';
import { DefinitionDrawer } from '../components/definition-drawer';
import { DefinitionList } from '../components/definition-list';
import { FormPreview } from '../components/form-preview';
import { SampleList } from '../components/sample-list';
import { fieldMessages } from '../messages';

/**
 * A screen of field forms: the one form's page, or a tab for each the staff may view where a screen holds several
 * (代理申请: 代理申请表 and 业务申请表).
 */
export function FieldFormsPage({ forms }: { forms: FieldForm[] }) {
  const language = usePreferences((s) => s.language);
  const can = useCan();
  const visible = forms.length === 1 ? forms : forms.filter((form) => can(fieldFormOperations(form).view));
  if (visible.length === 1) return <FieldFormPage form={visible[0]!} />;
  return <Tabs destroyOnHidden items={visible.map((form) => ({ key: form, label: FIELD_FORMS[form].label[language], children: <FieldFormPage form={form} /> }))} />;
}

/**
 * A form's field-definition screen (客户信息设置, 客户注册设置, 产品信息设置, 人员信息): its fields to add, edit, delete and
 * order on the left (on a phone, first), the form they make to try out and its saved previews on the right (below).
 */
export function FieldFormPage({ form }: { form: FieldForm }) {
  const t = useMessages(fieldMessages);
  const language = usePreferences((s) => s.language);
  const can = useCan();
  const editable = can(fieldFormOperations(form).edit);
  const definitions = useCallQuery(fieldFormCalls[form].definitionList, undefined);
  // The drawer's field: null adds one; undefined is the drawer closed.
  const [editing, setEditing] = useState<FieldDefinitionRow | null | undefined>(undefined);
  const [sample, setSample] = useState<FieldSampleRow | null>(null);

  if (definitions.isError && !definitions.data) return <QueryFailure error={definitions.error} onRetry={() => void definitions.refetch()} />;
  const rows = definitions.data ?? [];

  return (
    <Row gutter={[16, 16]} className="field-page">
      <Col xs={24} lg={10}>
        <Card
          title={FIELD_FORMS[form].label[language]}
          extra={
            editable && (
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing(null)}>
                {t.addField}
              </Button>
            )
          }
          className="field-page__definitions"
        >
          {definitions.isPending ? (
            <Spin />
          ) : (
            <>
              <Typography.Paragraph type="secondary">{format(t.definitionCount, { count: rows.length })}</Typography.Paragraph>
              <DefinitionList fieldForm={form} definitions={rows} editable={editable} onEdit={setEditing} />
            </>
          )}
        </Card>
      </Col>
      {definitions.data && (
        <Col xs={24} lg={14} className="field-page__try">
          <FormPreview fieldForm={form} definitions={rows} editable={editable} sample={sample} onLeave={() => setSample(null)} />
          <SampleList fieldForm={form} definitions={rows} editable={editable} onOpen={setSample} onDeleted={(id) => sample?.id === id && setSample(null)} />
        </Col>
      )}
      {editing !== undefined && <DefinitionDrawer fieldForm={form} definition={editing} onClose={() => setEditing(undefined)} />}
    </Row>
  );
}

