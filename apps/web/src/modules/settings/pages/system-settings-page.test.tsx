import { fileCalls, settingsCalls, type SystemDetails } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useLoadedSiteDetails } from '../../../lib/site-details';
import { answerOf, fakeApi, type SeenRequest, refused } from '../../../test/fake-api';
import { renderInShell, staffWith } from '../../../test/render-in-shell';
import { SystemSettingsPage } from './system-settings-page';

// Uploading, typing and picking from a 400-zone list in antd is slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

// antd is slow in jsdom on two cores: no delay between keystrokes.
const user = userEvent.setup({ delay: null });

const OLD_LOGO = '/uploads/logo/2026/01/0123456789abcdef0123456789abcdef.png';
const NEW_LOGO = '/uploads/logo/2026/05/fedcba9876543210fedcba9876543210.png';

/** The server: the details as stored, which a save replaces. */
function api(initial: SystemDetails = { pc_logo: OLD_LOGO, website: '聚企中台', time_zone: 'Asia/Shanghai' }) {
  let stored = initial;
  const seen: SeenRequest[] = fakeApi({
    'GET /api/set/system_details': () => answerOf(settingsCalls.systemDetails, stored),
    'POST /api/set/system': ({ body }) => {
      stored = { ...stored, ...(body as SystemDetails) };
      return answerOf(settingsCalls.systemEdit, stored);
    },
    'POST /api/file/save': () =>
      answerOf(fileCalls.save, { name: 'new-logo.png', path: NEW_LOGO.slice('/uploads/'.length), url: NEW_LOGO, size: 68, mime: 'image/png', type: 'img', scope: 'public' }),
  });
  return seen;
}

/** What the top bar reads: the site details every screen shares. */
function SiteProbe() {
  const site = useLoadedSiteDetails();
  return <output data-testid="site">{site ? `${site.website}|${site.pc_logo}|${site.time_zone}` : ''}</output>;
}

const saveButton = () => screen.getByRole('button', { name: /保\s*存/ });
const posts = (seen: SeenRequest[]) => seen.filter((r) => r.url === '/api/set/system').map((r) => r.body);

describe('SystemSettingsPage', () => {
  it('uploads a new logo, renames the site and changes the zone; once saved, the shared site details follow', async () => {
    const seen = api();
    const { container } = renderInShell(
      <>
        <SystemSettingsPage />
        <SiteProbe />
      </>,
    );
    const website = await screen.findByLabelText('网站名称');
    expect(website).toHaveValue('聚企中台');
    expect(screen.getByRole('img', { name: '当前 Logo' })).toHaveAttribute('src', OLD_LOGO);

    await user.upload(container.querySelector<HTMLInputElement>('input[type=file]')!, new File([new Uint8Array([137, 80, 78, 71])], 'new-logo.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByRole('img', { name: '当前 Logo' })).toHaveAttribute('src', NEW_LOGO));
    // The picture goes up as a public image (no scope field: the server's default), the setting only on save.
    const upload = seen.find((r) => r.url === '/api/file/save')!.body as FormData;
    expect([upload.get('type'), upload.get('module'), upload.get('scope')]).toEqual(['img', 'logo', null]);
    expect(posts(seen)).toEqual([]);

    await user.clear(website);
    await user.type(website, '  巨企运营台 ');
    // The preview shows the top bar with the new logo, and the title the pages will carry.
    const preview = screen.getByTestId('top-bar-preview');
    // (Form.useWatch passes the typed name on after the keystrokes' render.)
    expect(await within(preview).findByRole('img', { name: '巨企运营台' })).toHaveAttribute('src', NEW_LOGO);
    expect(screen.getByText('系统设置 - 巨企运营台')).toBeInTheDocument();

    await user.click(screen.getByLabelText('时区'));
    await user.type(screen.getByLabelText('时区'), 'Berlin');
    await user.click(await screen.findByText(/^UTC\+0[12]:00 Europe\/Berlin/));

    await user.click(saveButton());
    expect(await screen.findByText('系统设置已保存')).toBeInTheDocument();
    expect(posts(seen)).toEqual([{ website: '巨企运营台', pc_logo: NEW_LOGO, time_zone: 'Europe/Berlin' }]);
    // The details every screen shares were asked for again after the save, so the top bar and title follow at once.
    const saveAt = seen.findIndex((r) => r.url === '/api/set/system');
    expect(seen.slice(saveAt + 1).some((r) => r.method === 'GET' && r.url === '/api/set/system_details')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('site')).toHaveTextContent(`巨企运营台|${NEW_LOGO}|Europe/Berlin`));
  });

  it('removes the logo: the preview shows the name, and the save sends no logo', async () => {
    const seen = api();
    renderInShell(<SystemSettingsPage />);
    await user.click(await screen.findByRole('button', { name: /移除 Logo/ }));
    expect(screen.queryByRole('img', { name: '当前 Logo' })).toBeNull();
    expect(screen.getByText('未设置 Logo，顶栏和登录页显示网站名称')).toBeInTheDocument();
    expect(await within(screen.getByTestId('top-bar-preview')).findByText('聚企中台')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /上传 Logo/ })).toBeInTheDocument();
    await user.click(saveButton());
    await waitFor(() => expect(posts(seen)).toEqual([{ website: '聚企中台', pc_logo: '', time_zone: 'Asia/Shanghai' }]));
  });

  it('refuses an empty website name before sending, and puts a server refusal on the field it names', async () => {
    const seen = fakeApi({
      'GET /api/set/system_details': () => answerOf(settingsCalls.systemDetails, { pc_logo: '', website: '聚企中台', time_zone: 'Asia/Shanghai' }),
      'POST /api/set/system': () => refused(['pc_logo', '电脑端标志', '不是上传到本站的图片']),
    });
    renderInShell(<SystemSettingsPage />);
    const website = await screen.findByLabelText('网站名称');
    await user.clear(website);
    await user.type(website, '   ');
    await user.click(saveButton());
    expect(await screen.findByText('请输入网站名称')).toBeInTheDocument();
    expect(posts(seen)).toEqual([]);

    await user.type(website, '新名称');
    await user.click(saveButton());
    expect(await screen.findByText('不是上传到本站的图片')).toBeInTheDocument();
  });

  it('shows the settings read-only to staff without settings.system.edit', async () => {
    api();
    renderInShell(<SystemSettingsPage />, { profile: staffWith() });
    expect(await screen.findByLabelText('网站名称')).toBeDisabled();
    expect(screen.getByText('您没有修改权限，仅可查看')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '当前 Logo' })).toHaveAttribute('src', OLD_LOGO);
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Logo/ })).toBeNull();
    expect(document.querySelector('input[type=file]')).toBeNull();
  });
});
