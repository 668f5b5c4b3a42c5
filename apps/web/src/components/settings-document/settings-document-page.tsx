import type { DocumentValues, SettingsDocument } from '@juqi/contract';
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
          {Object.entries(doc.definitions).map(([key, definition]) => (
            <FieldFormItem key={key} definition={definition} hint={doc.fields[key]?.hint?.[language]} />
          ))}
        </SettingsForm>
      )}
    </SettingsCard>
  );
}
