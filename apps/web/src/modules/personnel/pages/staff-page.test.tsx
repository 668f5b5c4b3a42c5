import { authCalls, departmentCalls, personnelCalls, type FieldDefinitionRow, type StaffDetails, type StaffRow } from '@juqi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { visibleOption } from '../../../test/antd';
import { answerOf, fail, fakeApi, type Handler, type SeenRequest } from '../../../test/fake-api';
import { currentUrl, renderInShell, staffWith } from '../../../test/render-in-shell';
import { StaffPage } from './staff-page';

vi.setConfig({ testTimeout: 60_000 });

const user = userEvent.setup({ delay: null });

const row = (id: number, name: string, extra: Partial<StaffRow> = {}): StaffRow => ({
  id,
  name,
  gender: 'male',
  id_card: '110105********002X',
  mobile: `1380000000${id}`,
  company_id: 1,
  company_name: '聚齐科技',
  department_id: 3,
  department_name: '研发部',
  post: '工程师',
  status: 'regular',
  report_time: '2026-01-05',
  probation_end: '2026-04-05',
  created_at: '2026-01-05T02:00:00.000Z',
  ...extra,
});
const zhang = row(1, '张三', { status: 'probation' });
const li = row(2, '李四');
const details = (staff: StaffRow, extra: Partial<StaffDetails> = {}): StaffDetails => ({
  ...staff,
  id_card_masked: true,
  email: null,
  contract_start: null,
  contract_end: null,
  leaving_date: null,
  emergency_contact: null,
  emergency_mobile: null,
  account_id: null,
  account: null,
  extra: {},
  updated_at: staff.created_at,
  pending_requests: [],
  ...extra,
});

const TREE = [{ id: 1, name: '总经办', parent_id: 0, sort: 0, children: [{ id: 3, name: '研发部', parent_id: 1, sort: 0, children: [] }] }];
const label = (zh: string) => ({ 'zh-CN': zh, 'en-US': zh });
const DEFINITIONS: FieldDefinitionRow[] = [
  { id: 1, key: 'name', type: 'text', label: label('姓名'), required: true, unique: false, hidden: false, sort: 0, permission: 236, updated_at: '2026-01-01T00:00:00.000Z' },
  { id: 2, key: 'mobile', type: 'mobile', label: label('手机号'), required: true, unique: true, hidden: false, sort: 1, permission: 236, updated_at: '2026-01-01T00:00:00.000Z' },
  { id: 3, key: 'badge_no', type: 'text', label: label('工牌号'), required: false, unique: true, hidden: false, sort: 2, permission: 255, updated_at: '2026-01-01T00:00:00.000Z' },
];

/** Sign-in accounts as /api/staff/staff_list answers a search: one, hr007. */
const accounts = () =>
  answerOf(authCalls.staffList, {
    count: 1,
    data: [{ id: 7, staff_num: 'hr007', name: '张三', phone: null, email: null, avatar: '', status: 'active', is_super_admin: false, locked_until: null, role_ids: [], created_at: '2026-01-01T00:00:00.000Z' }],
  });

function fakeServer(handlers: Record<string, Handler> = {}) {
  return fakeApi({
    'POST /staff/findPage': () => answerOf(personnelCalls.findPage, { count: 45, data: [zhang, li] }),
    'POST /admin/structures/index': () => answerOf(departmentCalls.tree, TREE),
    'POST /api/staff/index_letter': () =>
      answerOf(personnelCalls.letterIndex, [
        { letter: 'L', items: [{ id: 2, name: '李四', department_name: '研发部', post: '工程师' }] },
        { letter: 'Z', items: [{ id: 1, name: '张三', department_name: '研发部', post: '工程师' }] },
      ]),
    'POST /api/personnel/company_list': () => answerOf(personnelCalls.companies, [{ id: 1, name: '聚齐科技' }]),
    'POST /api/personnel/staff_details': ({ body }) => answerOf(personnelCalls.details, details((body as { id: number }).id === 2 ? li : zhang)),
    'POST /api/personnel/staff_history': () => answerOf(personnelCalls.history, []),
    'POST /api/personnel/staff_fields': () => answerOf(personnelCalls.formFields, DEFINITIONS),
    ...handlers,
  });
}

/** An open drawer or modal by its title (antd names every dialog by one id in tests, so its accessible name is unreliable). */
const dialogTitled = (title: string) =>
  waitFor(() => {
    const found = screen.queryAllByRole('dialog').find((dialog) => dialog.querySelector('.ant-drawer-title, .ant-modal-title')?.textContent === title);
    if (!found) throw new Error(`no dialog ${title}`);
    return found;
  });
/** A node of the open tree picker, by its title. */
const treeOption = (title: string) =>
  document.querySelector(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-node-content-wrapper[title="${title}"]`)?.closest('.ant-select-tree-treenode');
const findPages = (seen: SeenRequest[]) => seen.filter((request) => request.url === '/staff/findPage');
const rowOf = async (name: string) => (await screen.findByRole('button', { name })).closest('tr') as HTMLElement;

/** Waits for the drawer of this title to close (a closed one stays in the page, hidden). */
const closed = (title: string) => waitFor(() => expect(screen.queryByText(title, { selector: '.ant-drawer-open .ant-drawer-title' })).toBeNull());
/** A 确认关闭？ asked, if any. */
const asked = () => document.querySelector('.ant-modal-confirm');
/** The nth 确认关闭？ asked (an answered one may still be fading out). */
const confirmation = (nth: number) =>
  waitFor(() => {
    const modal = document.querySelectorAll<HTMLElement>('.ant-modal-confirm')[nth];
    if (!modal) throw new Error('not asked');
    return modal;
  });

describe('StaffPage', () => {
  it('sends the URL’s filters as findPage’s body, pageNo counted from 0', async () => {
    const seen = fakeServer();
    renderInShell(<StaffPage />, { path: '/man/employee?department=3&status=probation,regular&reportFrom=2026-01-01&reportTo=2026-03-31&name=张' });
    await rowOf('张三');
    expect(findPages(seen)[0]).toMatchObject({
      query: { pageNo: 0, pageSize: 20 },
      body: { name: '张', department: 3, status: ['probation', 'regular'], reportTime: ['2026-01-01', '2026-03-31'] },
    });
    // The filters show what the URL holds.
    expect(screen.getByDisplayValue('2026-01-01')).toBeInTheDocument();
    expect(screen.getByRole('treeitem', { name: /研发部/ })).toHaveAttribute('aria-selected', 'true');

    // Page 2 is pageNo 1.
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(findPages(seen).at(-1)).toMatchObject({ query: { pageNo: 1, pageSize: 20 } }));
  });

  it('keeps the URL in step with the filters, and a new filter starts again at page 1', async () => {
    const seen = fakeServer();
    renderInShell(<StaffPage />, { path: '/man/employee' });
    await rowOf('张三');
    expect(findPages(seen)[0]).toMatchObject({ query: { pageNo: 0 }, body: {} });
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(findPages(seen).at(-1)).toMatchObject({ query: { pageNo: 1 } }));

    await user.click(screen.getByText('总经办', { selector: '.staff-departments__name' }));
    await waitFor(() => expect(currentUrl()).toBe('/man/employee?department=1'));
    await waitFor(() => expect(findPages(seen).at(-1)).toMatchObject({ query: { pageNo: 0 }, body: { department: 1 } }));

    await user.click(screen.getByRole('combobox', { name: '状态' }));
    await user.click(await visibleOption('离职中'));
    await waitFor(() => expect(currentUrl()).toBe('/man/employee?department=1&status=resigning'));
    expect(findPages(seen).at(-1)).toMatchObject({ body: { department: 1, status: ['resigning'] } });

    // The identity card is searched but never written to the URL.
    await user.type(screen.getByRole('searchbox', { name: '身份证号' }), '11010519491231002X{Enter}');
    await waitFor(() => expect(findPages(seen).at(-1)).toMatchObject({ body: { idCard: '11010519491231002X' } }));
    expect(currentUrl()).toBe('/man/employee?department=1&status=resigning');
  });

  it('offers only the states every selected record may move to, and changes them with the reason', async () => {
    const seen = fakeServer({ 'POST /api/personnel/staff_status': () => answerOf(personnelCalls.status, null) });
    renderInShell(<StaffPage />, { path: '/man/employee' });
    await user.click(within(await rowOf('张三')).getByRole('checkbox'));
    await user.click(within(await rowOf('李四')).getByRole('checkbox'));
    expect(screen.getByText('已选 2 人')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /变更状态/ }));

    const dialog = await dialogTitled('变更 2 人的状态');
    // Probation may become regular or resigning, regular only resigning: resigning is what both share.
    await user.click(within(dialog).getByRole('combobox', { name: '变更为' }));
    const offered = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((o) => o.getAttribute('title'));
    expect(offered).toEqual(['离职中']);
    await user.click(await visibleOption('离职中'));
    await user.type(within(dialog).getByRole('textbox', { name: '原因（选填）' }), '个人原因');
    // A resignation needs its leaving date.
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('请选择离职日期')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: '离职日期' }), '2099-01-31{Enter}');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(seen.find((request) => request.url === '/api/personnel/staff_status')?.body).toEqual({ ids: [1, 2], status: 'resigning', reason: '个人原因', leaving_date: '2099-01-31' }),
    );
    await waitFor(() => expect(screen.queryByText('已选 2 人')).toBeNull());
  });

  it('says so when the selected records share no move', async () => {
    fakeServer({ 'POST /staff/findPage': () => answerOf(personnelCalls.findPage, { count: 2, data: [row(5, '王五', { status: 'candidate' }), row(6, '赵六', { status: 'resigned' })] }) });
    renderInShell(<StaffPage />, { path: '/man/employee' });
    await user.click(within(await rowOf('王五')).getByRole('checkbox'));
    await user.click(within(await rowOf('赵六')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /变更状态/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('所选人员没有共同可变更到的状态（候选、已离职）')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /确\s*定|OK/ })).toBeDisabled();
  });

  it('deletes a record with the reason asked for', async () => {
    const seen = fakeServer({ 'GET /staff/deleteById': () => answerOf(personnelCalls.deleteById, null) });
    renderInShell(<StaffPage />, { path: '/man/employee' });
    await user.click(within(await rowOf('李四')).getByRole('button', { name: '删除' }));
    const dialog = await dialogTitled('删除员工：李四');
    await user.click(within(dialog).getByRole('button', { name: /删\s*除/ }));
    expect(await within(dialog).findByText('请输入删除原因')).toBeInTheDocument();
    expect(seen.some((request) => request.url === '/staff/deleteById')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: '删除原因' }), '重复建档');
    await user.click(within(dialog).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(seen.find((request) => request.url === '/staff/deleteById')).toMatchObject({ method: 'GET', query: { id: 2, reason: '重复建档' } }));
    expect(await screen.findByText('已删除 李四')).toBeInTheDocument();
  });

  it('draws the form’s custom fields in the drawer and shows a refusal on the field it names', async () => {
    const seen = fakeServer({
      'POST /api/personnel/staff_add': () => fail(40900, 'badge_no: 该值已被其他人员使用', { field: 'badge_no' }),
    });
    renderInShell(<StaffPage />, { path: '/man/employee' });
    await user.click(await screen.findByRole('button', { name: /新增员工/ }));
    const drawer = await dialogTitled('新增员工');
    // The record's own name and mobile are not drawn twice; 工牌号 is a custom field.
    const badge = await within(drawer).findByRole('textbox', { name: '工牌号' });
    expect(within(drawer).getAllByRole('textbox', { name: '手机号' })).toHaveLength(1);
    await user.type(within(drawer).getByRole('textbox', { name: '姓名' }), '王五');
    await user.type(within(drawer).getByRole('textbox', { name: '手机号' }), '13900000009');
    await user.type(badge, 'A-001');
    await user.click(within(drawer).getByRole('button', { name: /保\s*存/ }));

    await waitFor(() =>
      expect(seen.find((request) => request.url === '/api/personnel/staff_add')?.body).toMatchObject({
        name: '王五',
        mobile: '13900000009',
        gender: 'unknown',
        status: 'candidate',
        extra: { badge_no: 'A-001' },
      }),
    );
    // 40900 naming the custom field: the form's own words under it.
    const item = badge.closest('.ant-form-item') as HTMLElement;
    expect(await within(item).findByText('该工牌号已存在')).toBeInTheDocument();
  });

  it('edits a record without sending back its masked identity card, nor a status', async () => {
    const seen = fakeServer({ 'POST /api/personnel/staff_edit': () => answerOf(personnelCalls.edit, null) });
    renderInShell(<StaffPage />, { path: '/man/employee' });
    await user.click(within(await rowOf('李四')).getByRole('button', { name: '编辑' }));
    const drawer = await dialogTitled('编辑员工：李四');
    expect(await within(drawer).findByDisplayValue('110105********002X')).toBeDisabled();
    expect(within(drawer).queryByRole('combobox', { name: '状态' })).toBeNull();
    const post = within(drawer).getByRole('textbox', { name: '岗位' });
    await user.clear(post);
    await user.type(post, '架构师');
    await user.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(seen.some((request) => request.url === '/api/personnel/staff_edit')).toBe(true));
    const body = seen.find((request) => request.url === '/api/personnel/staff_edit')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ id: 2, name: '李四', post: '架构师', department_id: 3, report_time: '2026-01-05', extra: {} });
    expect(body).not.toHaveProperty('id_card');
    expect(body).not.toHaveProperty('status');
  });

  it('closes the record at once, and its edit form at once until something is typed, then only once 确认关闭？ is confirmed', async () => {
    fakeServer();
    renderInShell(<StaffPage />, { path: '/man/employee' });

    await user.click(await screen.findByRole('button', { name: '张三' }));
    await user.click(within(await dialogTitled('员工档案：张三')).getByRole('button', { name: 'Close' }));
    await closed('员工档案：张三');
    expect(asked()).toBeNull();

    await user.click(within(await rowOf('李四')).getByRole('button', { name: '编辑' }));
    const untouched = await dialogTitled('编辑员工：李四');
    await within(untouched).findByRole('textbox', { name: '岗位' });
    await user.click(within(untouched).getByRole('button', { name: 'Close' }));
    await closed('编辑员工：李四');
    expect(asked()).toBeNull();

    await user.click(within(await rowOf('李四')).getByRole('button', { name: '编辑' }));
    const drawer = await dialogTitled('编辑员工：李四');
    await user.type(await within(drawer).findByRole('textbox', { name: '岗位' }), '（兼）');
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    const ask = await confirmation(0);
    expect(ask).toHaveTextContent('确认关闭？');
    await user.click(within(ask).getByRole('button', { name: /取\s*消|Cancel/ }));
    expect(screen.getByText('编辑员工：李四', { selector: '.ant-drawer-open .ant-drawer-title' })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await user.click(within(await confirmation(1)).getByRole('button', { name: /确\s*定|OK/ }));
    await closed('编辑员工：李四');
  });

  it('shows what waits for approval on the record, and offers no second request of that kind', async () => {
    const summary = '平调 · 研发部 / 工程师 → 销售部 / 主管 · 生效日期 2030-01-01';
    const pending = { id: 12, kind: 'transfer' as const, summary, requester: { id: 2, name: '李四' }, created_at: '2026-11-26T01:00:00.000Z' };
    fakeServer({ 'POST /api/personnel/staff_details': () => answerOf(personnelCalls.details, details(zhang, { pending_requests: [pending] })) });
    renderInShell(<StaffPage />, { path: '/man/employee', profile: staffWith('personnel.view', 'personnel.edit') });
    await user.click(await screen.findByRole('button', { name: '张三' }));
    const drawer = await dialogTitled('员工档案：张三');
    const note = (await within(drawer).findByText('调岗申请审批中')).closest('.ant-alert') as HTMLElement;
    expect(within(note).getByText(summary)).toBeInTheDocument();
    expect(within(note).getByText('李四 于 2026-11-26 09:00 提交')).toBeInTheDocument();
    // Its requester (this staff) may open it in 待办审批.
    expect(within(note).getByRole('button', { name: '查看审批' })).toBeInTheDocument();
    expect(await within(drawer).findByRole('button', { name: /调岗申请/ })).toBeDisabled();
    expect(within(drawer).getByRole('button', { name: /离职申请/ })).toBeEnabled();
  });

  it('adds a sub-department with its head from a node’s menu, and moves one only outside its own subtree', async () => {
    const seen = fakeServer({ 'POST /api/department/department_add': () => answerOf(departmentCalls.add, { id: 9 }), 'POST /api/staff/staff_list': accounts });
    renderInShell(<StaffPage />, { path: '/man/employee' });
    await user.click(await screen.findByRole('button', { name: '部门操作：总经办' }));
    await user.click(await screen.findByRole('menuitem', { name: '新增子部门' }));
    const dialog = await dialogTitled('在“总经办”下新增部门');
    await user.type(within(dialog).getByRole('textbox', { name: '部门名称' }), '法务部');
    await user.type(within(dialog).getByRole('combobox', { name: '负责人' }), 'hr007');
    await user.click(await visibleOption('hr007 · 张三'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(seen.find((request) => request.url === '/api/department/department_add')?.body).toEqual({ name: '法务部', sort: 0, head_account_id: 7, parent_id: 1 }),
    );

    await user.click(screen.getByRole('button', { name: '部门操作：总经办' }));
    await user.click(await screen.findByRole('menuitem', { name: '移动部门' }));
    const move = await dialogTitled('移动部门：总经办');
    await user.click(within(move).getByRole('combobox', { name: '上级部门' }));
    // 总经办 and 研发部 under it cannot be chosen as its new parent.
    await waitFor(() => expect(treeOption('研发部')).toBeTruthy());
    expect(treeOption('研发部')).toHaveClass('ant-select-tree-treenode-disabled');
    expect(treeOption('总经办')).toHaveClass('ant-select-tree-treenode-disabled');
    expect(treeOption('顶级部门')).not.toHaveClass('ant-select-tree-treenode-disabled');
  });

  it('opens a person from the letter index', async () => {
    fakeServer();
    renderInShell(<StaffPage />, { path: '/man/employee' });
    const index = await screen.findByRole('navigation', { name: '字母索引' });
    expect(within(index).getByRole('button', { name: 'A（0 人）' })).toBeDisabled();
    await user.click(await within(index).findByRole('button', { name: 'Z（1 人）' }));
    await user.click(await screen.findByRole('button', { name: /张三\s*研发部 · 工程师/ }));
    const drawer = await dialogTitled('员工档案：张三');
    expect(within(drawer).getByText('110105********002X')).toBeInTheDocument();
    expect(within(drawer).getByText('已脱敏')).toBeInTheDocument();
  });

  it('links a sign-in account found by its number to the record', async () => {
    const seen = fakeServer({ 'POST /api/staff/staff_list': accounts, 'POST /api/personnel/staff_link_account': () => answerOf(personnelCalls.linkAccount, null) });
    renderInShell(<StaffPage />, { path: '/man/employee' });
    await user.click(await screen.findByRole('button', { name: '张三' }));
    const drawer = await dialogTitled('员工档案：张三');
    await user.click(within(drawer).getByRole('button', { name: '关联账号' }));
    const dialog = await dialogTitled('为 张三 关联登录账号');
    await user.type(within(dialog).getByRole('combobox', { name: '登录账号' }), 'hr007');
    await user.click(await visibleOption('hr007 · 张三'));
    await user.click(within(dialog).getByRole('button', { name: /关联账号/ }));
    await waitFor(() => expect(seen.find((r) => r.url === personnelCalls.linkAccount.path)?.body).toEqual({ id: 1, account_id: 7 }));
  });

  it('hides the actions the staff may not take', async () => {
    fakeServer();
    renderInShell(<StaffPage />, { path: '/man/employee', profile: staffWith('personnel.view') });
    await rowOf('张三');
    expect(screen.queryByRole('button', { name: /新增员工/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导出/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.queryByRole('button', { name: /新增部门/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /部门操作/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导入/ })).toBeNull();
    expect(screen.queryByRole('searchbox', { name: '身份证号' })).toBeNull();
  });

  it('lets a staff without personnel.id_card.view neither search by nor enter an identity card', async () => {
    const seen = fakeServer({ 'POST /api/personnel/staff_add': () => answerOf(personnelCalls.add, { id: 9 }) });
    renderInShell(<StaffPage />, { path: '/man/employee', profile: staffWith('personnel.view', 'personnel.edit') });
    await rowOf('张三');
    expect(screen.queryByRole('searchbox', { name: '身份证号' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /新增员工/ }));
    const drawer = await dialogTitled('新增员工');
    expect(within(drawer).getByRole('textbox', { name: '身份证号' })).toBeDisabled();
    expect(within(drawer).getByText('填写身份证号需要“查看完整身份证号”权限')).toBeInTheDocument();
    await user.type(within(drawer).getByRole('textbox', { name: '姓名' }), '王五');
    await user.type(within(drawer).getByRole('textbox', { name: '手机号' }), '13900000009');
    await user.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(seen.some((request) => request.url === '/api/personnel/staff_add')).toBe(true));
    expect(seen.find((request) => request.url === '/api/personnel/staff_add')!.body).not.toHaveProperty('id_card');
  });
});
