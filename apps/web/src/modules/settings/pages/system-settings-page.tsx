import { isTimeZone, settingsCalls, type SystemDetails } from '@juqi/contract';
import { Form, Input, Typography } from 'antd';
import { useLocation } from 'react-router';
import { ruleOf, SettingsCard, SettingsForm, useSettingsForm } from '../../../components/settings-form';
import { useCallQuery } from '../../../lib/call-hooks';
import { useMessages } from '../../../lib/i18n';
import { normalizePath } from '../../../lib/menu-routes';
import { useShellSession } from '../../../lib/shell-session';
import { useSaveSystemSettings } from '../api/system-settings';
import { LogoField } from '../components/logo-field';
import { TimeZoneSelect } from '../components/time-zone-select';
import { settingsMessages } from '../messages';

const WEBSITE_MAX = 60;

/** /permission/homepage 系统设置: the website name, the logo and the platform's time zone. */
export function SystemSettingsPage() {
  const t = useMessages(settingsMessages);
  return (
    <SettingsCard title={t.systemTitle} className="settings-page" query={useCallQuery(settingsCalls.systemDetails, undefined)}>
      {(initial) => <SystemSettingsForm initial={initial} />}
    </SettingsCard>
  );
}

function SystemSettingsForm({ initial }: { initial: SystemDetails }) {
  const t = useMessages(settingsMessages);
  const settings = useSettingsForm<SystemDetails>({ edit: 'settings.system.edit', mutation: useSaveSystemSettings(), saved: t.saved });
  const { form, editable } = settings;
  const website = Form.useWatch('website', form) ?? initial.website;
  const logo = Form.useWatch('pc_logo', form) ?? initial.pc_logo;

  return (
    <SettingsForm<SystemDetails>
      settings={settings}
      name="system-settings"
      initialValues={initial}
      onFinish={(values) => void settings.save({ website: values.website.trim(), pc_logo: values.pc_logo, time_zone: values.time_zone })}
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
      <Form.Item name="time_zone" label={t.timeZone} extra={t.timeZoneHelp} rules={[ruleOf((zone?: string) => Boolean(zone) && isTimeZone(zone!), t.timeZoneInvalid)]}>
        <TimeZoneSelect placeholder={t.timeZoneSearch} />
      </Form.Item>
      <Form.Item label={t.preview}>
        <Preview website={website.trim()} logo={logo} />
      </Form.Item>
    </SettingsForm>
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
