import { agencyListCalls, fieldFormCalls, fieldLookupCalls, merchantCalls, productCalls, type MerchantFilter } from '@juqi/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAgencies } from '../src/modules/agency/seed';
import { buildTestApp, type TestApp } from './helpers/app';
import { expectError, expectOk, invoke, ok, signInAsAdmin, signInWith } from './helpers/auth';
import { testEngine } from './helpers/database';
import { insertUser } from './helpers/users';

/**
 * 客户信息管理 (docs/marketplace.md › Customers): customers owned by an agency, their particulars 客户信息设置's values
 * (客户名称 unique across the platform), listed by keyset, added, edited, moved to another agency and deleted.
 */
let t: TestApp;
let admin: string;
let jia: number;
let yi: number;
let paused: number;

const list = (filter: Partial<MerchantFilter> & { cursor?: string; limit?: number } = {}) => ok(t, merchantCalls.merchantList, { keyword: '客户测试', ...filter }, admin);
const names = async (filter: Partial<MerchantFilter> = {}) => (await list(filter)).data.map((row) => row.customer_name);
const add = (agency_id: number, values: Record<string, unknown>, token = admin) => invoke(t, merchantCalls.merchantAdd, { agency_id, values }, token);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAsAdmin(t);
  const agent = async (name: string) => (await insertUser(t, { name, typeUser: 1, mobile: `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` })).id;
  jia = await agent('客户代理甲');
  yi = await agent('客户代理乙');
  paused = await agent('客户代理丙');
  await seedAgencies({ db: t.database.db, log: pino({ level: 'silent' }), demo: false });
  await ok(t, agencyListCalls.agencySuspend, { id: paused, reason: '整改' }, admin);
});
afterAll(() => t?.close());

describe('客户信息管理', () => {
  it('adds a customer to an agency with 客户信息设置’s values, cleaned, and opens it; the form’s fields are read by its viewers', async () => {
    const { id } = expectOk(await add(jia, { customer_name: ' 客户测试星火传媒 ', contact_name: '王五', contact_mobile: '13800138000' }))!;
    const opened = await ok(t, merchantCalls.merchantDetails, { id }, admin);
    expect(opened).toMatchObject({ id, customer_name: '客户测试星火传媒', agency_id: jia, agency_name: '客户代理甲', source: 'staff', extra: { customer_name: '客户测试星火传媒', contact_name: '王五' } });
    expect((await ok(t, merchantCalls.merchantFields, undefined, admin)).map((field) => field.key)).toEqual(expect.arrayContaining(['customer_name', 'contact_name', 'contact_mobile']));
    expectError(await invoke(t, merchantCalls.merchantDetails, { id: 999_999 }, admin), 40400);
  });

  it('refuses a customer: no such agency or a suspended one (40000 naming agency_id), a value the form refuses (40000 under values), 客户名称 held already (40900), whichever agency holds it', async () => {
    expect(expectError(await add(999_999, { customer_name: '客户测试无代理' }), 40000)).toMatchObject({ field: 'agency_id' });
    expect(expectError(await add(paused, { customer_name: '客户测试暂停' }), 40000)).toMatchObject({ field: 'agency_id' });
    expect(expectError(await add(jia, { customer_name: '' }), 40000)).toMatchObject({ field: 'values.customer_name' });
    expect(expectError(await add(jia, { customer_name: '客户测试邮箱', email: 'not-an-email' }), 40000)).toMatchObject({ field: 'values.email' });
    expectOk(await add(jia, { customer_name: '客户测试撞单' }));
    const conflict = expectError(await add(yi, { customer_name: '客户测试撞单' }), 40900);
    expect(conflict).toMatchObject({ field: 'values.customer_name' });
    // Told the customer exists, not whose it is.
    expect(JSON.stringify(conflict)).not.toContain('客户代理甲');
    expect(await names({ keyword: '客户测试无代理' })).toEqual([]);
  });

  it('lists newest first by keyword, agency, source and days added, by keyset', async () => {
    for (const name of ['客户测试列表一', '客户测试列表二', '客户测试列表三']) await add(yi, { customer_name: name });
    expect(await names({ keyword: '客户测试列表' })).toEqual(['客户测试列表三', '客户测试列表二', '客户测试列表一']);
    expect((await list({ agency_id: yi })).data.every((row) => row.agency_id === yi && row.agency_name === '客户代理乙')).toBe(true);
    expect(await names({ keyword: '客户测试列表', source: 'register' })).toEqual([]);
    const first = await list({ keyword: '客户测试列表', limit: 2 });
    expect(first.count).toBe(3);
    const next = await list({ keyword: '客户测试列表', limit: 2, cursor: first.next_cursor! });
    expect(next.data.map((row) => row.customer_name)).toEqual(['客户测试列表一']);
    expect(next.next_cursor).toBeNull();
  });

  it('edits its values (its own 客户名称 kept is no clash; another’s is 40900), moves it to another agency with a reason, read back as history, and deletes it', async () => {
    const { id } = expectOk(await add(jia, { customer_name: '客户测试转移' }))!;
    expectOk(await invoke(t, merchantCalls.merchantEdit, { id, values: { customer_name: '客户测试转移', contact_name: '赵六' } }, admin));
    expect(expectError(await invoke(t, merchantCalls.merchantEdit, { id, values: { customer_name: '客户测试撞单' } }, admin), 40900)).toMatchObject({ field: 'values.customer_name' });
    expect((await ok(t, merchantCalls.merchantDetails, { id }, admin)).extra).toMatchObject({ contact_name: '赵六' });

    expect(expectError(await invoke(t, merchantCalls.merchantTransfer, { id, agency_id: jia, reason: '同一代理' }, admin), 40900)).toMatchObject({ field: 'agency_id' });
    expect(expectError(await invoke(t, merchantCalls.merchantTransfer, { id, agency_id: paused, reason: '暂停代理' }, admin), 40000)).toMatchObject({ field: 'agency_id' });
    expectOk(await invoke(t, merchantCalls.merchantTransfer, { id, agency_id: yi, reason: '客户要求更换服务代理' }, admin));
    expect((await ok(t, merchantCalls.merchantDetails, { id }, admin)).agency_id).toBe(yi);
    const history = await ok(t, merchantCalls.merchantHistory, { id }, admin);
    expect(history.map((entry) => entry.action)).toEqual(['add', 'edit', 'transfer']);
    expect(history.at(-1)).toMatchObject({ from: jia, to: yi, subject: '客户代理乙', reason: '客户要求更换服务代理' });

    expectOk(await invoke(t, merchantCalls.merchantDel, { id }, admin));
    expectError(await invoke(t, merchantCalls.merchantDetails, { id }, admin), 40400);
    // Its 客户名称 is free again.
    expectOk(await add(yi, { customer_name: '客户测试转移' }));
  });

  it('offers active agencies to choose by name or mobile, and names any by id', async () => {
    const found = await ok(t, merchantCalls.merchantAgencies, { keyword: '客户代理' }, admin);
    expect(found.map((a) => a.name)).toEqual(['客户代理乙', '客户代理甲']);
    expect(found[0]).toMatchObject({ id: yi, level_name: '普通代理' });
    expect((await ok(t, merchantCalls.merchantAgencies, { ids: [paused] }, admin)).map((a) => a.name)).toEqual(['客户代理丙']);
  });

  it('names customers for the customer and merchant pickers, hinted by their agency', async () => {
    await ok(t, fieldFormCalls.product_info.definitionAdd, { key: 'owner', type: 'customer', label: { 'zh-CN': '所属客户', 'en-US': 'Customer' } }, admin);
    const { items } = await ok(t, fieldLookupCalls.lookup, { type: 'customer', keyword: '星火' }, admin);
    expect(items).toEqual([expect.objectContaining({ name: '客户测试星火传媒', hint: '客户代理甲' })]);
    expect((await ok(t, fieldLookupCalls.lookup, { type: 'merchant_select', ids: [items[0]!.id] }, admin)).items.map((i) => i.name)).toEqual(['客户测试星火传媒']);
  });

  it('asks its operations: a viewer lists and opens, merchant.edit adds, merchant.transfer moves', async () => {
    const viewer = await signInWith(t, ['merchant.view']);
    const [row] = (await list({})).data;
    expectOk(await invoke(t, merchantCalls.merchantDetails, { id: row!.id }, viewer));
    expectError(await add(jia, { customer_name: '客户测试无权' }, viewer), 40300);
    expectError(await invoke(t, merchantCalls.merchantTransfer, { id: row!.id, agency_id: jia === row!.agency_id ? yi : jia, reason: '无权' }, viewer), 40300);
    expectError(await invoke(t, merchantCalls.merchantList, {}, await signInWith(t, ['agency.view'])), 40300);
    // A viewer reads 客户信息设置's fields, which draw the customers.
    expectOk(await invoke(t, merchantCalls.merchantFields, undefined, viewer));
  });

  it.runIf(testEngine === 'postgres')('two staff adding one 客户名称 to two agencies at once: one is added, the other told 40900', async () => {
    const answers = await Promise.all([add(jia, { customer_name: '客户测试同时' }), add(yi, { customer_name: '客户测试同时' })]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([20000, 40900]);
    expect(await names({ keyword: '客户测试同时' })).toEqual(['客户测试同时']);
  });
});

const addProduct = (merchant_id: number, values: Record<string, unknown>, token = admin) => invoke(t, productCalls.productAdd, { merchant_id, values }, token);
const products = async (filter: Record<string, unknown>) => (await ok(t, productCalls.productList, { keyword: '产品测试', ...filter }, admin)).data.map((row) => row.product_name);

describe('产品信息管理', () => {
  it('adds products to a customer with 产品信息设置’s values, lists them by customer, agency and keyword, edits and deletes one', async () => {
    const { id: owner } = expectOk(await add(jia, { customer_name: '客户测试产品主' }))!;
    const { id: other } = expectOk(await add(yi, { customer_name: '客户测试产品他' }))!;
    const { id } = expectOk(await addProduct(owner, { product_name: ' 产品测试招牌菜 ', price: '88.5', on_sale: true }))!;
    expectOk(await addProduct(owner, { product_name: '产品测试套餐', price: 199 }));
    expectOk(await addProduct(other, { product_name: '产品测试外卖', price: 25 }));

    expect(await ok(t, productCalls.productDetails, { id }, admin)).toMatchObject({ product_name: '产品测试招牌菜', merchant_id: owner, customer_name: '客户测试产品主', agency_id: jia, agency_name: '客户代理甲', extra: { price: 88.5, on_sale: true } });
    expect(await products({ merchant_id: owner })).toEqual(['产品测试套餐', '产品测试招牌菜']);
    expect(await products({ agency_id: yi })).toEqual(['产品测试外卖']);
    expect(await products({ keyword: '招牌' })).toEqual(['产品测试招牌菜']);
    expect((await ok(t, productCalls.productFields, undefined, admin)).map((f) => f.key)).toEqual(expect.arrayContaining(['product_name', 'price', 'pictures']));

    expectOk(await invoke(t, productCalls.productEdit, { id, values: { product_name: '产品测试招牌菜', price: 99 } }, admin));
    expect((await ok(t, productCalls.productDetails, { id }, admin)).extra).toMatchObject({ price: 99 });
    expectOk(await invoke(t, productCalls.productDel, { id }, admin));
    expectError(await invoke(t, productCalls.productDetails, { id }, admin), 40400);
    // A customer's products go with it.
    expectOk(await invoke(t, merchantCalls.merchantDel, { id: owner }, admin));
    expect(await products({ merchant_id: owner })).toEqual([]);
  });

  it('refuses a product of no customer (40000 naming merchant_id) or with a value the form refuses (under values), and adds nothing', async () => {
    const { id: owner } = expectOk(await add(jia, { customer_name: '客户测试产品拒' }))!;
    expect(expectError(await addProduct(999_999, { product_name: '产品测试无主', price: 1 }), 40000)).toMatchObject({ field: 'merchant_id' });
    expect(expectError(await addProduct(owner, { product_name: '', price: 1 }), 40000)).toMatchObject({ field: 'values.product_name' });
    expect(expectError(await addProduct(owner, { product_name: '产品测试价格', price: 'abc' }), 40000)).toMatchObject({ field: 'values.price' });
    expect(await products({ merchant_id: owner })).toEqual([]);
  });

  it('offers customers to choose by 客户名称 and names any by id, and asks its operations', async () => {
    const found = await ok(t, productCalls.productCustomers, { keyword: '客户测试星火' }, admin);
    expect(found).toEqual([expect.objectContaining({ customer_name: '客户测试星火传媒', agency_name: '客户代理甲' })]);
    expect((await ok(t, productCalls.productCustomers, { ids: [found[0]!.id] }, admin)).map((c) => c.customer_name)).toEqual(['客户测试星火传媒']);
    const viewer = await signInWith(t, ['merchant.product.view']);
    expectOk(await invoke(t, productCalls.productList, {}, viewer));
    expectError(await addProduct(found[0]!.id, { product_name: '产品测试无权', price: 1 }, viewer), 40300);
    expectError(await invoke(t, productCalls.productList, {}, await signInWith(t, ['merchant.view'])), 40300);
  });
});
