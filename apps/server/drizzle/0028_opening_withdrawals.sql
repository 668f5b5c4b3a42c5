ALTER TABLE "ledger_opening_import" ADD COLUMN "payout_type" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_opening_import" ADD COLUMN "account_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_opening_import" ADD COLUMN "account_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Opening balances (lib/ledger/table.ts › ledgerOpeningImport), as in 0022 but for frozen amounts: each user's is a
-- hold of its own and a withdrawal application (docs/finance.md › Opening balances), so staff pay or reject each.
CREATE OR REPLACE FUNCTION ledger_open_balances(opened_at timestamptz) RETURNS void LANGUAGE sql AS $$
INSERT INTO ledger_account (kind, owner_id, currency, may_go_negative, created_at)
  SELECT 'user_cash', user_id, 'CNY', false, opened_at FROM ledger_opening_import WHERE balance <> 0 OR frozen <> 0 OR income <> 0
  UNION ALL SELECT 'user_beans', user_id, 'BEAN', false, opened_at FROM ledger_opening_import WHERE beans <> 0
  UNION ALL SELECT v.kind, 0, v.currency, true, opened_at FROM (VALUES ('opening_balance', 'CNY'), ('withdrawal_clearing', 'CNY'), ('bean_opening', 'BEAN')) v(kind, currency)
  ON CONFLICT (kind, owner_id) DO NOTHING;
INSERT INTO ledger_transfer (kind, state, memo, reference, created_at)
  SELECT v.kind, v.state, v.memo, jsonb_build_object('opening_batch', txid_current()::text), opened_at
  FROM (VALUES ('opening_income', 'posted', '期初收益', 1), ('opening', 'posted', '期初余额', 2), ('opening', 'posted', '期初金豆', 4)) v(kind, state, memo, n)
  WHERE EXISTS (SELECT 1 FROM ledger_opening_import i WHERE CASE v.n WHEN 1 THEN i.income WHEN 2 THEN i.balance - i.income ELSE i.beans END <> 0)
  ORDER BY v.n;
INSERT INTO ledger_transfer (kind, state, memo, reference, user_id, created_at)
  SELECT 'withdrawal', 'pending', '期初冻结', jsonb_build_object('opening_batch', txid_current()::text, 'opening_user', user_id), user_id, opened_at
  FROM ledger_opening_import WHERE frozen <> 0 ORDER BY user_id;
-- Each line: the user's entry and the posted balance after it; the contra account takes the transfer's sum.
WITH batch AS (
  SELECT id, memo, (reference->>'opening_user')::int AS user_id FROM ledger_transfer WHERE reference->>'opening_batch' = txid_current()::text
),
lines AS (
  SELECT b.id AS transfer_id, l.* FROM (
    SELECT '期初收益' AS memo, user_id, income AS amount, income AS after, false AS pending, 'user_cash' AS user_kind, 'opening_balance' AS contra_kind FROM ledger_opening_import
    UNION ALL SELECT '期初余额', user_id, balance - income, balance, false, 'user_cash', 'opening_balance' FROM ledger_opening_import
    UNION ALL SELECT '期初冻结', user_id, -frozen, balance, true, 'user_cash', 'withdrawal_clearing' FROM ledger_opening_import
    UNION ALL SELECT '期初金豆', user_id, beans, beans, false, 'user_beans', 'bean_opening' FROM ledger_opening_import
  ) l JOIN batch b ON b.memo = l.memo AND (b.user_id IS NULL OR b.user_id = l.user_id)
  WHERE l.amount <> 0
)
INSERT INTO ledger_entry (transfer_id, account_id, amount, pending, balance_after, created_at)
  SELECT lines.transfer_id, a.id, lines.amount, lines.pending, a.credits_posted - a.debits_posted + lines.after, opened_at
  FROM lines JOIN ledger_account a ON a.kind = lines.user_kind AND a.owner_id = lines.user_id
  UNION ALL
  SELECT lines.transfer_id, a.id, -sum(lines.amount), bool_and(lines.pending),
    a.credits_posted - a.debits_posted - CASE WHEN bool_and(lines.pending) THEN 0 ELSE sum(lines.amount) END, opened_at
  FROM lines JOIN ledger_account a ON a.kind = lines.contra_kind AND a.owner_id = 0
  GROUP BY lines.transfer_id, a.id, a.credits_posted, a.debits_posted
  ORDER BY 1, 2;
UPDATE ledger_account a SET
  debits_posted = a.debits_posted + s.debits_posted, credits_posted = a.credits_posted + s.credits_posted,
  debits_pending = a.debits_pending + s.debits_pending, credits_pending = a.credits_pending + s.credits_pending,
  income_posted = a.income_posted + s.income
FROM (
  SELECT e.account_id,
    sum(CASE WHEN NOT e.pending AND e.amount < 0 THEN -e.amount ELSE 0 END) AS debits_posted,
    sum(CASE WHEN NOT e.pending AND e.amount > 0 THEN e.amount ELSE 0 END) AS credits_posted,
    sum(CASE WHEN e.pending AND e.amount < 0 THEN -e.amount ELSE 0 END) AS debits_pending,
    sum(CASE WHEN e.pending AND e.amount > 0 THEN e.amount ELSE 0 END) AS credits_pending,
    sum(CASE WHEN t.kind = 'opening_income' AND e.amount > 0 THEN e.amount ELSE 0 END) AS income
  FROM ledger_entry e JOIN ledger_transfer t ON t.id = e.transfer_id
  WHERE t.reference->>'opening_batch' = txid_current()::text
  GROUP BY e.account_id
) s
WHERE a.id = s.account_id;
INSERT INTO finance_withdrawal (withdraw_no, user_id, amount, payout_type, account_name, account_no, idempotency_key, fingerprint, hold_transfer_id, created_at)
  SELECT 'WDO' || to_char(opened_at AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISS') || lpad(i.user_id::text, 10, '0'), i.user_id, i.frozen,
    i.payout_type, i.account_name, i.account_no, 'opening:' || t.id, '', t.id, opened_at
  FROM ledger_opening_import i
  JOIN ledger_transfer t ON t.reference->>'opening_batch' = txid_current()::text AND (t.reference->>'opening_user')::int = i.user_id;
UPDATE users SET withdraw_state = 1 WHERE id IN (SELECT user_id FROM ledger_opening_import WHERE frozen <> 0);
UPDATE ledger_transfer SET reference = reference - 'opening_batch' WHERE reference->>'opening_batch' = txid_current()::text;
DELETE FROM ledger_opening_import;
$$;--> statement-breakpoint
-- An earlier import's compound 期初冻结 hold (one for every user) becomes a hold per user with an application each:
-- the compound is voided and the same amounts held again per user, so every account's sums stay as they were.
CREATE FUNCTION ledger_split_opening_holds() RETURNS void LANGUAGE sql AS $$
INSERT INTO ledger_transfer (kind, state, memo, reference, user_id, created_at)
  SELECT 'withdrawal', 'pending', '期初冻结', jsonb_build_object('opening_user', a.owner_id, 'split_from', t.id), a.owner_id, t.created_at
  FROM ledger_transfer t
  JOIN ledger_entry e ON e.transfer_id = t.id
  JOIN ledger_account a ON a.id = e.account_id AND a.kind = 'user_cash'
  WHERE t.kind = 'withdrawal' AND t.state = 'pending' AND t.memo = '期初冻结' AND t.reference->>'opening_user' IS NULL
  ORDER BY t.id, a.owner_id;
WITH split AS (
  SELECT n.id, (n.reference->>'split_from')::bigint AS compound, (n.reference->>'opening_user')::int AS user_id
  FROM ledger_transfer n WHERE n.reference->>'split_from' IS NOT NULL
)
INSERT INTO ledger_entry (transfer_id, account_id, amount, pending, balance_after, created_at)
  SELECT split.id, e.account_id, e.amount, true, e.balance_after, e.created_at
  FROM split JOIN ledger_entry e ON e.transfer_id = split.compound JOIN ledger_account a ON a.id = e.account_id AND a.kind = 'user_cash' AND a.owner_id = split.user_id
  UNION ALL
  -- The clearing's side: the compound's clearing entry (one in all, or one per user) gives its account and balance.
  SELECT split.id, c.account_id, -e.amount, true, c.balance_after, c.created_at
  FROM split
  JOIN ledger_entry e ON e.transfer_id = split.compound JOIN ledger_account a ON a.id = e.account_id AND a.kind = 'user_cash' AND a.owner_id = split.user_id
  JOIN LATERAL (
    SELECT c.account_id, c.balance_after, c.created_at FROM ledger_entry c JOIN ledger_account ca ON ca.id = c.account_id AND ca.kind = 'withdrawal_clearing'
    WHERE c.transfer_id = split.compound ORDER BY c.id LIMIT 1
  ) c ON true
  ORDER BY 1, 2;
INSERT INTO ledger_transfer (kind, state, pending_id, memo, created_at)
  SELECT DISTINCT 'withdrawal', 'voided', (reference->>'split_from')::bigint, '期初冻结逐户拆分', now()
  FROM ledger_transfer WHERE reference->>'split_from' IS NOT NULL;
UPDATE ledger_transfer SET state = 'voided', resolved_at = now()
  WHERE id IN (SELECT (reference->>'split_from')::bigint FROM ledger_transfer WHERE reference->>'split_from' IS NOT NULL);
INSERT INTO finance_withdrawal (withdraw_no, user_id, amount, payout_type, account_name, account_no, idempotency_key, fingerprint, hold_transfer_id, created_at)
  SELECT 'WDO' || to_char(n.created_at AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISS') || lpad(n.user_id::text, 10, '0'), n.user_id, -e.amount,
    coalesce(nullif(u.withdraw_type, 0), 2), coalesce(u.name, ''), coalesce(u.mobile, ''), 'opening:' || n.id, '', n.id, n.created_at
  FROM ledger_transfer n
  JOIN ledger_entry e ON e.transfer_id = n.id AND e.amount < 0
  LEFT JOIN users u ON u.id = n.user_id
  WHERE n.reference->>'split_from' IS NOT NULL;
UPDATE users SET withdraw_state = 1 WHERE id IN (SELECT user_id FROM ledger_transfer WHERE reference->>'split_from' IS NOT NULL);
UPDATE ledger_transfer SET reference = reference - 'split_from' WHERE reference->>'split_from' IS NOT NULL;
$$;--> statement-breakpoint
SELECT ledger_split_opening_holds();
