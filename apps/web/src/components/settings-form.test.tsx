import { ErrorCode } from '@juqi/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-errors';
import { renderInShell, staffWith } from '../test/render-in-shell';
import { ruleOf, SettingsCard, SettingsForm, useSettingsForm } from './settings-form';

vi.setConfig({ testTimeout: 30_000 });
const user = userEvent.setup({ delay: null });

interface Signature {
  text: string;
}

/** A settings screen built from the shared pieces, as the modules build theirs: load, then a form of its own fields. */
function SignatureScreen({ load, store }: { load: () => Promise<Signature>; store: (body: Signature) => Promise<Signature> }) {
  const query = useQuery({ queryKey: ['signature'], queryFn: load });
  return (
    <SettingsCard title="签名设置" query={query}>
      {(initial) => <SignatureForm initial={initial} store={store} />}
    </SettingsCard>
  );
}

function SignatureForm({ initial, store }: { initial: Signature; store: (body: Signature) => Promise<Signature> }) {
  const client = useQueryClient();
  const mutation = useMutation({ mutationFn: store, onSuccess: (saved) => client.setQueryData(['signature'], saved) });
  const settings = useSettingsForm<Signature>({ edit: 'signature.edit', mutation, saved: '签名设置已保存' });
  return (
    <SettingsForm<Signature> settings={settings} name="signature" initialValues={initial} onFinish={(values) => void settings.save({ text: values.text.trim() })}>
      <Form.Item name="text" label="签名" rules={[{ required: true, message: '请输入签名' }, ruleOf((text?: string) => !text?.includes('!'), '签名不能含 !')]}>
        <Input />
      </Form.Item>
    </SettingsForm>
  );
}

const saveButton = () => screen.getByRole('button', { name: /保\s*存/ });
/** antd keeps the class on a required field's label and hides the asterisk with another. */
const requiredMarks = () => document.querySelectorAll('.ant-form-item-required:not(.ant-form-item-required-mark-hidden)').length;

describe('settings form', () => {
  it('shows a spinner in the card until the settings load, then the form holding them', async () => {
    let answer!: (value: Signature) => void;
    renderInShell(<SignatureScreen load={() => new Promise((resolve) => (answer = resolve))} store={vi.fn()} />);
    expect(screen.getByText('签名设置')).toBeInTheDocument();
    expect(document.querySelector('.ant-spin')).not.toBeNull();
    expect(screen.queryByLabelText('签名')).toBeNull();

    answer({ text: '此致' });
    expect(await screen.findByLabelText('签名')).toHaveValue('此致');
    expect(document.querySelector('.ant-spin')).toBeNull();
    expect(saveButton()).toBeEnabled();
    expect(screen.queryByText('您没有修改权限，仅可查看')).toBeNull();
  });

  it('says so when the settings cannot load, and loads them again on 重新加载', async () => {
    const load = vi.fn<() => Promise<Signature>>().mockRejectedValueOnce(new ApiError(50000, '服务器错误')).mockResolvedValue({ text: '此致' });
    renderInShell(<SignatureScreen load={load} store={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: /重新加载/ }));
    expect(await screen.findByLabelText('签名')).toHaveValue('此致');
  });

  it('shows the settings read-only, with no button and no required mark, to staff without the edit operation', async () => {
    renderInShell(<SignatureScreen load={async () => ({ text: '此致' })} store={vi.fn()} />, { profile: staffWith('signature.view') });
    expect(await screen.findByLabelText('签名')).toBeDisabled();
    expect(screen.getByText('您没有修改权限，仅可查看')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect(requiredMarks()).toBe(0);
  });

  it('checks the page’s rules, saves what it sends, says so, and starts again from what the server stored', async () => {
    const store = vi.fn(async ({ text }: Signature) => ({ text: `${text}（已审核）` }));
    renderInShell(<SignatureScreen load={async () => ({ text: '此致' })} store={store} />, { profile: staffWith('signature.edit') });
    const input = await screen.findByLabelText('签名');
    expect(requiredMarks()).toBe(1);
    await user.clear(input);
    await user.type(input, '敬礼!');
    await user.click(saveButton());
    expect(await screen.findByText('签名不能含 !')).toBeInTheDocument();
    expect(store).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, '  敬礼 ');
    await user.click(saveButton());
    expect(await screen.findByText('签名设置已保存')).toBeInTheDocument();
    expect(store).toHaveBeenCalledExactlyOnceWith({ text: '敬礼' }, expect.anything());
    await waitFor(() => expect(screen.getByLabelText('签名')).toHaveValue('敬礼（已审核）'));
  });

  it('puts a refused save on the field it names and keeps what was typed', async () => {
    const store = vi.fn(async (): Promise<Signature> => {
      throw new ApiError(ErrorCode.VALIDATION, '签名：含有敏感词', { field: 'text', fields: [{ field: 'text', label: '签名', message: '含有敏感词' }] });
    });
    renderInShell(<SignatureScreen load={async () => ({ text: '此致' })} store={store} />);
    const input = await screen.findByLabelText('签名');
    await user.clear(input);
    await user.type(input, '敬礼');
    await user.click(saveButton());
    expect(await screen.findByText('含有敏感词')).toBeInTheDocument();
    expect(store).toHaveBeenCalledOnce();
    expect(screen.getByLabelText('签名')).toHaveValue('敬礼');
    expect(screen.queryByText('签名设置已保存')).toBeNull();
    expect(saveButton()).toBeEnabled();
  });
});
