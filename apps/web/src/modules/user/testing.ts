import type { LoginRecord, UserDetail, UserRow, VerificationDetail, VerificationRow } from '@juqi/contract';

export { currentUrl, renderInShell, staffWith } from '../../test/render-in-shell';
export { answerOf, fakeApi, fail, file, ok, type SeenRequest } from '../../test/fake-api';

/** A user as the list answers it. */
export const userRow = (id: number, name: string, extra: Partial<UserRow> = {}): UserRow => ({
  id,
  name,
  mobile: `138000${String(id).padStart(5, '0')}`,
  head_img_url: '',
  gender: 1,
  type_user: 2,
  system_id: 1,
  level: 1,
  level_name: '青铜会员',
  pw_id: 3,
  pw_name: '文案策划',
  agency_pw_id: null,
  agency_pw_name: '',
  authentication_state: 0,
  authentication_type: null,
  real_name: '',
  withdraw_state: 0,
  withdraw_type: 0,
  order_count: 12,
  last_order_at: '2026-03-02T04:00:00.000Z',
  total_spent_cents: 1234567,
  balance_cents: 50000,
  frozen_cents: 0,
  total_income_cents: 0,
  bean_balance: 10,
  province: '广东省',
  city_code: '440300',
  city: '深圳市',
  industry_id: 32,
  industry: '电商零售',
  company: '',
  inviter_id: null,
  invite_code: `U${id}`,
  register_channel: 'h5',
  registered_at: '2026-01-05T02:00:00.000Z',
  last_login_at: null,
  last_login_ip: '',
  locked: false,
  lock_reason: '',
  locked_at: null,
  remark: '',
  ...extra,
});

/** One keyset answer. */
export const keysetPage = <T>(data: T[], count = data.length, next: string | null = null) => ({ count, data, next_cursor: next });

export const detailOf = (user: UserRow, extra: Partial<UserDetail> = {}): UserDetail => ({
  user,
  inviter: null,
  invited_count: 0,
  verifications: [],
  lock_records: [],
  ...extra,
});

export const verificationRow = (id: number, userName: string, extra: Partial<VerificationRow> = {}): VerificationRow => ({
  id,
  user_id: id + 100,
  user_name: userName,
  user_mobile: '13900000000',
  head_img_url: '',
  type: 1,
  state: 1,
  subject_name: userName,
  id_number: '110***********1234',
  enterprise_name: '',
  credit_code: '',
  legal_person: '',
  submitted_at: '2026-03-01T02:00:00.000Z',
  reviewed_at: null,
  reviewer_id: null,
  reviewer_name: '',
  reason: '',
  ...extra,
});

export const verificationDetail = (row: VerificationRow, extra: Partial<VerificationDetail> = {}): VerificationDetail => ({
  ...row,
  id_number: '110101199001011234',
  documents: [
    { kind: 'id_card_front', url: `/api/user/verification_document?id=${row.id}&index=0` },
    { kind: 'id_card_back', url: `/api/user/verification_document?id=${row.id}&index=1` },
  ],
  audit: [
    { id: 1, action: 'submit', from_state: null, to_state: 1, staff_id: null, staff_name: '', reason: '', created_at: row.submitted_at },
  ],
  ...extra,
});

export const loginRecord = (id: number, userId: number, userName: string, extra: Partial<LoginRecord> = {}): LoginRecord => ({
  id,
  user_id: userId,
  user_name: userName,
  user_mobile: '13700000000',
  login_at: '2026-03-03T01:00:00.000Z',
  ip: `10.0.0.${id}`,
  location: '杭州',
  device: 'iPhone 15 · iOS 18',
  platform: 'ios',
  result: 'success',
  ...extra,
});
