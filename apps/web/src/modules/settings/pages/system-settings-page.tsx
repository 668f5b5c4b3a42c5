import { isTimeZone, type SystemDetails } from '@juqi/contract';
import { Alert, App, Button, Card, Form, Input, Spin, Typography } from 'antd';
import { useLocation } from 'react-router';
import { useNarrowScreen } from '../../../components/narrow-screen';
import { QueryFailure } from '../../../components/query-failure';
import { showOnField } from '../../../lib/form-errors';
import { useMessages } from '../../../lib/i18n';
import { normalizePath } from '../../../lib/menu-routes';
import { useCan, useShellSession } from '../../../lib/shell-session';
import { useSaveSystemSettings, useSystemSettings } from '../api/system-settings';
import { LogoField } from '../components/logo-field';
import { TimeZoneSelect } from '../components/time-zone-select';
import { settingsMessages } from '../messages';

const FIELDS = ['website', 'pc_logo', 'time_zone'] as const;
const WEBSITE_MAX = 60;

/** /permission/homepage 系统设置: the website name, the logo and the platform's time zone. */
export function SystemSettingsPage() {
  const t = useMessages(settingsMessages);
  const settings = useSystemSettings();
  if (settings.data) return <SystemSettingsForm key={JSON.stringify(settings.data)} initial={settings.data} />;
  if (settings.isError) return <QueryFailure error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <Card title={t.systemTitle} className="settings-page">
      <Spin className="settings-loading" />
    </Card>
  );
}

function SystemSettingsForm({ initial }: { initial: SystemDetails }) {
  const t = useMessages(settingsMessages);
  const can = useCan();
  const { message } = App.useApp();
  const [form] = Form.useForm<SystemDetails>();
  const save = useSaveSystemSettings();
  const editable = can('settings.system.edit');
  // On a phone the labels go above their fields: beside them, they would leave the fields half the screen.
  const narrow = useNarrowScreen();
  const website = Form.useWatch('website', form) ?? initial.website;
  const logo = Form.useWatch('pc_logo', form) ?? initial.pc_logo;

  const submit = async (values: SystemDetails) => {
    try {
      await save.mutateAsync({ website: values.website.trim(), pc_logo: values.pc_logo, time_zone: values.time_zone });
      void message.success(t.saved);
    } catch (error) {
      showOnField(form, error, FIELDS);
    }
  };

  return (
    <Card title={t.systemTitle} className="settings-page">
      {!editable && <Alert type="info" showIcon title={t.readOnly} className="settings-readonly" />}
      <Form<SystemDetails>
        form={form}
        name="system-settings"
        layout={narrow ? 'vertical' : 'horizontal'}
        labelCol={narrow ? undefined : { flex: '120px' }}
        labelWrap
        wrapperCol={narrow ? undefined : { flex: '1 1 0' }}
        initialValues={initial}
        disabled={!editable}
        // Nothing is required of someone who cannot save.
        requiredMark={editable}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="website"
          label={t.website}
          extra={t.websiteHelp}
          rules={[
            { required: true, whitespace: true, message: t.websiteRequired },
            { max: WEBSITE_MAX, message: t.websiteTooLong },
          ]}
        >
          <Input maxLength={WEBSITE_MAX} showCount className="settings-website" />
        </Form.Item>
        <Form.Item name="pc_logo" label={t.logo} extra={editable ? t.logoHelp : undefined}>
          <LogoField disabled={!editable} />
        </Form.Item>
        <Form.Item
          name="time_zone"
          label={t.timeZone}
          extra={t.timeZoneHelp}
          rules={[{ validator: async (_, zone?: string) => check(Boolean(zone) && isTimeZone(zone!), t.timeZoneInvalid) }]}
        >
          <TimeZoneSelect placeholder={t.timeZoneSearch} />
        </Form.Item>
        <Form.Item label={t.preview}>
          <Preview website={website.trim()} logo={logo} />
        </Form.Item>
        {editable && (
          <Form.Item label={narrow ? undefined : ' '} colon={false}>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t.save}
            </Button>
          </Form.Item>
        )}
      </Form>
    </Card>
  );
}

/** The top bar and the browser title as they will be once saved: the logo, else the name; this page's title, then the name. */
function Preview({ website, logo }: { website: string; logo: string }) {
  const t = useMessages(settingsMessages);
  const { pathname } = useLocation();
  // The title the shell gives this page: its menu entry's name in the UI language.
  const title = useShellSession().menus.routes.get(normalizePath(pathname))?.title ?? t.systemTitle;
  return (
    <div className="settings-preview">
      <Typography.Text type="secondary" className="settings-preview__caption">
        {t.previewBar}
      </Typography.Text>
      <div className="settings-preview__bar" data-testid="top-bar-preview">
        {logo ? <img className="settings-preview__logo" src={logo} alt={website} /> : <span className="settings-preview__name">{website}</span>}
        <span className="settings-preview__platform">{t.platform}</span>
      </div>
      <Typography.Text type="secondary" className="settings-preview__caption">
        {t.previewTitle}
      </Typography.Text>
      <div className="settings-preview__tab">{website ? `${title} - ${website}` : title}</div>
    </div>
  );
}

async function check(ok: boolean, text: string): Promise<void> {
  if (!ok) throw new Error(text);
}
