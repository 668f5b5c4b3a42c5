import { fenAsYuan, ACCOUNT_KINDS, type TransferEntry, type TransferState } from '@juqi/contract';
import { Space, Table, Tag } from 'antd';
import { CellMuted } from '../../../components/table-cells';
import { useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { financeMessages } from '../messages';

/*
 * The pieces the finance record pages (用户充值记录, 代理提现记录, the ledger's books) share beyond the records frame
 * (components/records): a record's user and a record's ledger entries.
 */

/** A record's user: the name (or the id when the user is gone) and the mobile. */
export function RecordUser({ record }: { record: { user_id: number; user_name: string; user_mobile: string } }) {
  return (
    <span>
      {record.user_name || <CellMuted>#{record.user_id}</CellMuted>} <CellMuted>{record.user_mobile}</CellMuted>
    </span>
  );
}

/** An entry of a record's transfers; a withdrawal's also say what became of their transfer (a hold's state). */
export type RecordEntry = TransferEntry & { transfer_state?: TransferState };

/** What became of a held amount, as the account statement shows it: still 冻结中, 已转出 when posted, 已解冻 when voided. */
export function HoldTag({ state }: { state: TransferState }) {
  const t = useMessages(financeMessages);
  if (state === 'pending') return <Tag color="warning">{t.held}</Tag>;
  return <Tag>{state === 'voided' ? t.released : t.settled}</Tag>;
}

/** A record's ledger entries: the account, the signed amount (a hold tagged with its state) and the balance after. */
export function RecordEntries({ entries, emptyText }: { entries: RecordEntry[]; emptyText: string }) {
  const t = useMessages(financeMessages);
  const language = usePreferences((s) => s.language);
  const amount = (e: RecordEntry, n: number) => (e.currency === 'CNY' ? fenAsYuan(n) : n);
  return (
    <Table
      size="small"
      title={() => t.entries}
      pagination={false}
      // A hold and the transfer that settles it may move the same amount between the same accounts: keyed by place.
      dataSource={entries.map((entry, index) => ({ ...entry, key: index }))}
      locale={{ emptyText }}
      columns={[
        { key: 'account', title: t.account, render: (_, e) => `${ACCOUNT_KINDS[e.account_kind].label[language]}${e.owner_id ? ` #${e.owner_id}` : ''}` },
        {
          key: 'amount',
          title: t.amount,
          align: 'right',
          render: (_, e) =>
            e.pending && e.transfer_state ? (
              <Space size={4}>
                <HoldTag state={e.transfer_state} />
                <span>{amount(e, e.amount)}</span>
              </Space>
            ) : (
              amount(e, e.amount)
            ),
        },
        { key: 'after', title: t.balanceAfter, align: 'right', render: (_, e) => amount(e, e.balance_after) },
      ]}
    />
  );
}
