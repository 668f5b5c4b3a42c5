import { approvalCalls, type ApprovalKind, type DocumentValues, type FlowField, type SettingsDocument } from '@juqi/contract';
import { Form, Select } from 'antd';
import { FieldFormItem } from '../fields';
import { useCallMutation, useCallQuery } from '../../lib/call-hooks';
import { useMessages } from '../../lib/i18n';
import { usePreferences } from '../../lib/preferences';
import { useShellSession } from '../../lib/shell-session';
import { commonMessages } from '../messages';
import { SettingsCard, SettingsForm, useSettingsForm } from '../settings-form';

type Values = DocumentValues<SettingsDocument['fields']>;

/**
 * A declared settings document's screen (docs/resources.md › Settings documents): its fields drawn by their registry
 * types' editors with their hints, checked by the same rules as the server's, saved whole by staff holding its edit
 * operation and shown read-only to the others.
 */
export function SettingsDocumentPage({ doc }: { doc: SettingsDocument }) {
  const t = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const { menus } = useShellSession();
  const query = useCallQuery(doc.calls.details, undefined);
  const mutation = useCallMutation(doc.calls.edit, [doc.calls.details]);
  const settings = useSettingsForm<Values>({ edit: doc.operations.edit, mutation, saved: t.saved });
  return (
    <SettingsCard title={menus.routes.get(doc.menu)?.title ?? doc.label[language]} query={query}>
      {(initial) => (
        <SettingsForm<Values> settings={settings} name={`${doc.module}-${doc.thing}`} initialValues={initial} labelWidth={180} onFinish={(values) => void settings.save(values)}>
          {Object.entries(doc.fields).map(([key, field]) =>
            field.kind === 'flow' ? (
              <Form.Item key={key} name={key} label={field.label[language]} extra={field.hint?.[language]}>
                <FlowSelect field={field} />
              </Form.Item>
            ) : (
              <FieldFormItem key={key} definition={doc.definitions[key]!} hint={field.hint?.[language]} />
            ),
          )}
        </SettingsForm>
      )}
    </SettingsCard>
  );
}

/** The flows serving a kind of request, by name; cleared, none is chosen (such requests are refused until one is). */
function FlowSelect({ field, id, value, onChange, disabled }: { field: FlowField; id?: string; value?: number | null; onChange?: (flowId: number | null) => void; disabled?: boolean }) {
  const t = useMessages(commonMessages);
  const flows = useCallQuery(approvalCalls.flowOptions, { kind: field.approvalKind as ApprovalKind });
  return (
    <Select<number>
      id={id}
      allowClear
      disabled={disabled}
      loading={flows.isLoading}
      placeholder={t.notSet}
      value={value ?? undefined}
      options={flows.data?.map((flow) => ({ value: flow.id, label: flow.name }))}
      onChange={(flowId) => onChange?.(flowId ?? null)}
    />
  );
}
