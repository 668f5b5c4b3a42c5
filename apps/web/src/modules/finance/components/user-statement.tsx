import { fenAsYuan, TRANSFER_KINDS, type Currency, type StatementEntry } from '@juqi/contract';
import { Button, Descriptions, Empty, Flex, Segmented, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { DetailList } from '../../../components/detail-list';
import { QueryFailure } from '../../../components/query-failure';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useCan } from '../../../lib/shell-session';
import { useUserStatement } from '../api';
import { adjustmentMessages } from '../adjustment-messages';
import { financeMessages } from '../messages';
import { AdjustmentFormModal } from './adjustment-form';
import { HoldTag } from './records';

const PAGE = 20;

/**
 * 账户流水: a user's money (余额, in fen) or beans as the ledger keeps them — balance, frozen, available, income — and
 * the entries, newest first, each with the balance after it. A hold (a withdrawal in progress) shows its state.
 * Staff who may adjust balances open the 调账 form here with the user fixed.
 */
export function UserAccountStatement({ userId }: { userId: number }) {
  const t = useMessages(financeMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const [currency, setCurrency] = useState<Currency>('CNY');
  const [page, setPage] = useState(1);
  const statement = useUserStatement(userId, currency, page, PAGE);
  const money = (n: number) => (currency === 'CNY' ? fenAsYuan(n) : n.toLocaleString('en-US'));
  const account = statement.data?.account;
  const mayAdjust = useCan()('finance.adjust.apply');
  const adjust = useMessages(adjustmentMessages).adjust;
  const [adjusting, setAdjusting] = useState(false);

  return (
    <Space orientation="vertical" size={12} className="finance-statement">
      <Flex justify="space-between" align="center" gap={8}>
        <Segmented<Currency>
          value={currency}
          onChange={(value) => {
            setCurrency(value);
            setPage(1);
          }}
          options={[
            { value: 'CNY', label: t.cash },
            { value: 'BEAN', label: t.beans },
          ]}
        />
        {mayAdjust && <Button onClick={() => setAdjusting(true)}>{adjust}</Button>}
      </Flex>
      {adjusting && <AdjustmentFormModal userId={userId} currency={currency} onClose={() => setAdjusting(false)} />}
      {statement.isError && !statement.data ? (
        <QueryFailure compact error={statement.error} onRetry={() => void statement.refetch()} />
      ) : (
        <>
          <DetailList size="small" bordered column={currency === 'CNY' ? 4 : 1}>
            <Descriptions.Item label={t.balance}>{account ? money(account.balance) : '…'}</Descriptions.Item>
            {currency === 'CNY' && (
              <>
                <Descriptions.Item label={t.frozen}>{account ? money(account.frozen) : '…'}</Descriptions.Item>
                <Descriptions.Item label={t.available}>{account ? money(account.available) : '…'}</Descriptions.Item>
                <Descriptions.Item label={t.income}>{account ? money(account.income) : '…'}</Descriptions.Item>
              </>
            )}
          </DetailList>
          <Table<StatementEntry>
            rowKey="id"
            size="small"
            loading={statement.isFetching}
            dataSource={statement.data?.data ?? []}
            scroll={{ x: 640 }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} /> }}
            pagination={{
              current: page,
              pageSize: PAGE,
              total: statement.data?.count ?? 0,
              showSizeChanger: false,
              size: 'small',
              onChange: setPage,
              showTotal: (count) => format(t.entryCount, { count }),
            }}
            columns={[
              { key: 'at', title: t.time, width: 150, render: (_, e) => dateTime(e.created_at) },
              { key: 'kind', title: t.kind, width: 90, render: (_, e) => TRANSFER_KINDS[e.transfer_kind].label[language] },
              {
                key: 'amount',
                title: currency === 'CNY' ? t.amount : t.beanAmount,
                width: 150,
                align: 'right',
                render: (_, e) => (
                  <Space size={4}>
                    {e.pending && <HoldTag state={e.transfer_state} />}
                    <Typography.Text type={e.amount > 0 ? 'success' : undefined}>{`${e.amount > 0 ? '+' : ''}${money(e.amount)}`}</Typography.Text>
                  </Space>
                ),
              },
              { key: 'after', title: t.balanceAfter, width: 120, align: 'right', render: (_, e) => money(e.balance_after) },
              { key: 'memo', title: t.memo, dataIndex: 'memo', ellipsis: true },
            ]}
          />
        </>
      )}
    </Space>
  );
}
