import {
  bookKinds,
  yuanText,
  LEDGER_BOOK_CODES,
  LEDGER_BOOKS,
  ledgerBookCalls,
  MANUAL_CREDIT_MAX,
  TRANSFER_KINDS,
  type BookRecord,
  type LedgerBook,
  type TransferKind,
} from '@juqi/contract';
import { App, Button, Descriptions, Form, Modal, Select, Space } from 'antd';
import { useState, type ComponentType } from 'react';
import { ConfirmCloseDrawer } from '../../../components/confirm-close-drawer';
import { DetailList } from '../../../components/detail-list';
import { commonMessages } from '../../../components/messages';
import { QueryFailure } from '../../../components/query-failure';
import { CellLink, CellMuted, CellTag } from '../../../components/table-cells';
import { useDateTime } from '../../../lib/date-time';
import { showOnField } from '../../../lib/form-errors';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useCan } from '../../../lib/shell-session';
import { urlField, type UrlValues, type Validator } from '../../../lib/url-state';
import { financeKeys, useBookEntryDetails, useManualCredit, type CreditBook } from '../api';
import { bookMessages } from '../book-messages';
import { DayRangeFilter } from '../../../components/records/day-range-filter';
import { RecordsPage } from '../../../components/records/records-page';
import { AmountRangeFilter } from '../../../components/records/amount-range-filter';
import { RecordEntries, RecordUser } from '../components/records';
import { useConfirmPosting } from '../components/posting-confirm';
import { UserPicker, type UserChoice } from '../components/user-picker';
import { financeMessages } from '../messages';
import { AmountReasonItems } from '../components/amount-reason-items';

// Every book filters by the same fields.
const shape = ledgerBookCalls.user_earnings.list.body!.shape;

/** The book's kinds only: a link naming another kind is dropped, not sent. */
const kindOf = (kinds: readonly TransferKind[]): Validator<TransferKind> => ({
  safeParse: (value) => (kinds.includes(value as TransferKind) ? { success: true, data: value as TransferKind } : { success: false }),
});

/** A book's filters as written in the URL (`/finance/user_earnings?kind=earning&amount_min=10000`); amounts in fen or beans. */
const urlOf = (book: LedgerBook) => ({
  keyword: urlField('text', shape.keyword),
  user_id: urlField('number', shape.user_id),
  kind: urlField('text', kindOf(bookKinds(book))),
  time: urlField('days', shape.time),
  amount_min: urlField('number', shape.amount_min),
  amount_max: urlField('number', shape.amount_max),
});
type BookUrl = ReturnType<typeof urlOf>;
type BookFilterProps = { filter: UrlValues<BookUrl>; change: (patch: UrlValues<BookUrl>) => void };

const isCash = (book: LedgerBook) => LEDGER_BOOKS[book].account === 'user_cash';
const isCreditBook = (book: LedgerBook): book is CreditBook => (LEDGER_BOOKS[book] as { manualCredit?: boolean }).manualCredit === true;
const formatBeans = (beans: number) => beans.toLocaleString('en-US');
/** A number of the book without its unit: yuan for cash, whole beans for beans. */
/** An amount of the book in a cell: yuan with ¥ for cash, whole beans for beans (the column names them). */
const amountOf = (book: LedgerBook) => (amount: number) => (isCash(book) ? yuanText(amount) : formatBeans(amount));

/**
 * A ledger book's screen (docs/finance.md › Books): the entries of the users' cash or beans made by the book's kinds of
 * transfer, newest first, filtered by user, kind, days and amount; the filtered set's count and sum; export; an
 * entry's details with its transfer's entries; and 手动入账 on the books that take one, for staff holding its operation.
 * Made once per book, so each route has a component (and filters) of its own.
 */
function bookPage(book: LedgerBook): ComponentType {
  const url = urlOf(book);
  const Filters = (props: BookFilterProps) => <BookFilters book={book} {...props} />;
  const Details = ({ recordKey, onClose }: { recordKey: string; onClose: () => void }) => <BookEntryDrawer book={book} entryId={Number(recordKey)} onClose={onClose} />;
  const Page = () => <BookRecordsPage book={book} url={url} Filters={Filters} Details={Details} />;
  return Page;
}

/** Each book's page, for the module's routes (LEDGER_BOOKS[book].menu). */
export const bookPages = Object.fromEntries(LEDGER_BOOK_CODES.map((book) => [book, bookPage(book)])) as Record<LedgerBook, ComponentType>;

function BookRecordsPage({ book, url, Filters, Details }: { book: LedgerBook; url: BookUrl; Filters: ComponentType<BookFilterProps>; Details: ComponentType<{ recordKey: string; onClose: () => void }> }) {
  const t = useMessages(bookMessages);
  const f = useMessages(financeMessages);
  const language = usePreferences((s) => s.language);
  const can = useCan();
  const dateTime = useDateTime();
  const [crediting, setCrediting] = useState(false);
  const { label, operation } = LEDGER_BOOKS[book];
  const title = label[language];
  const cash = isCash(book);
  const amount = amountOf(book);
  const mayCredit = isCreditBook(book) && can(`${operation}.credit`);
  return (
    <>
      <RecordsPage
        title={title}
        url={url}
        list={ledgerBookCalls[book].list}
        queryKey={financeKeys.books(book)}
        totals={(data) => format(cash ? t.cashTotals : t.beanTotals, { count: data.count, sum: amountOf(book)(data.sum_amount) })}
        keywordLabel={t.keyword}
        Filters={Filters}
        tools={mayCredit && <Button onClick={() => setCrediting(true)}>{t.credit}</Button>}
        exportAs={{
          operation: `${operation}.export`,
          call: ledgerBookCalls[book].export,
          texts: {
            title: format(t.exportTitle, { book: title }),
            rows: format(t.exportRows, { book: title }),
            done: format(t.exportDone, { book: title }),
            nothing: format(t.exportNothing, { book: title }),
          },
          fallbackName: `${book.replaceAll('_', '-')}.xlsx`,
        }}
        rowKey="entry_id"
        columns={(open) => [
          // Each line's own number: the lines of one transfer (the opening import's: every user's) share its number.
          { key: 'entry_id', title: t.entryId, dataIndex: 'entry_id', width: 100 },
          { key: 'transfer_id', title: t.transferId, dataIndex: 'transfer_id', width: 100 },
          { key: 'user', title: f.user, width: 170, render: (_, r: BookRecord) => <RecordUser record={r} /> },
          { key: 'kind', title: f.kind, width: 150, render: (_, r: BookRecord) => <KindCell record={r} /> },
          { key: 'amount', title: cash ? f.amount : f.beanAmount, width: 120, align: 'right', render: (_, r: BookRecord) => amount(r.amount) },
          { key: 'balance_after', title: f.balanceAfter, width: 130, align: 'right', render: (_, r: BookRecord) => amount(r.balance_after) },
          { key: 'memo', title: f.memo, dataIndex: 'memo', width: 180, ellipsis: true, render: (memo: string) => memo || <CellMuted>—</CellMuted> },
          { key: 'staff_name', title: t.operator, width: 100, render: (_, r: BookRecord) => r.staff_name || <CellMuted>—</CellMuted> },
          { key: 'created_at', title: f.time, width: 150, render: (_, r: BookRecord) => dateTime(r.created_at) },
          { key: 'actions', title: f.details, width: 80, fixed: 'right', render: (_, r: BookRecord) => <CellLink onClick={() => open(String(r.entry_id))}>{f.details}</CellLink> },
        ]}
        Details={Details}
      />
      {crediting && isCreditBook(book) && <ManualCreditModal book={book} onClose={() => setCrediting(false)} />}
    </>
  );
}

/** The entry's kind of transfer, tagged 已冲正 when a reversal moved it back. */
function KindCell({ record }: { record: BookRecord }) {
  const t = useMessages(bookMessages);
  const language = usePreferences((s) => s.language);
  return (
    <span>
      {TRANSFER_KINDS[record.kind].label[language]} {record.reversed && <CellTag tone="warning">{t.reversed}</CellTag>}
    </span>
  );
}

/** The filters after the search box: the book's kinds, days, and the amount in the book's unit. */
function BookFilters({ book, filter, change }: BookFilterProps & { book: LedgerBook }) {
  const t = useMessages(bookMessages);
  const f = useMessages(financeMessages);
  const common = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  return (
    <>
      <Select
        className="finance-filter__kind"
        prefix={f.kind}
        aria-label={f.kind}
        placeholder={common.all}
        allowClear
        value={filter.kind}
        options={bookKinds(book).map((kind) => ({ value: kind, label: TRANSFER_KINDS[kind].label[language] }))}
        onChange={(kind: TransferKind | undefined) => change({ kind: kind ?? undefined })}
      />
      <DayRangeFilter label={t.days} value={filter.time} onChange={(time) => change({ time })} />
      <AmountRangeFilter unit={isCash(book) ? 'fen' : 'bean'} value={filter} onChange={change} />
    </>
  );
}

/** The names of what the flows note on a transfer (its `reference`); a name not listed here shows as it is. */
const REFERENCE_LABELS = new Map<string, keyof (typeof bookMessages)['zh-CN']>([
  ['order_no', 'orderNo'],
  ['trade_no', 'tradeNo'],
  ['package_id', 'packageId'],
  ['package_name', 'packageName'],
  ['purchase_transfer_id', 'purchaseTransferId'],
  ['feature_code', 'featureCode'],
  ['quantity', 'quantity'],
  ['unit_price', 'unitPrice'],
  ['reason', 'reason'],
  ['adjustment_no', 'adjustmentNo'],
  ['withdraw_no', 'withdrawNo'],
  ['payout_ref', 'payoutRef'],
]);

function BookEntryDrawer({ book, entryId, onClose }: { book: LedgerBook; entryId: number; onClose: () => void }) {
  const t = useMessages(bookMessages);
  const f = useMessages(financeMessages);
  const dateTime = useDateTime();
  const details = useBookEntryDetails(book, entryId);
  const { record, reference, entries } = details.data ?? {};
  const amount = amountOf(book);
  return (
    <ConfirmCloseDrawer open size={640} title={record ? `${t.detailTitle} ${record.entry_id}` : t.detailTitle} onClose={onClose}>
      {details.isError && !details.data ? (
        <QueryFailure compact error={details.error} onRetry={() => void details.refetch()} />
      ) : (
        record && (
          <Space orientation="vertical" size={16} className="finance-details">
            <DetailList size="small" bordered column={2}>
              <Descriptions.Item label={f.user}>{`${record.user_name} ${record.user_mobile}`}</Descriptions.Item>
              <Descriptions.Item label={t.transferId}>{record.transfer_id}</Descriptions.Item>
              <Descriptions.Item label={f.kind}>
                <KindCell record={record} />
              </Descriptions.Item>
              <Descriptions.Item label={isCash(book) ? f.amount : f.beanAmount}>{amount(record.amount)}</Descriptions.Item>
              <Descriptions.Item label={f.balanceAfter}>{amount(record.balance_after)}</Descriptions.Item>
              <Descriptions.Item label={t.operator}>{record.staff_name || '—'}</Descriptions.Item>
              <Descriptions.Item label={f.time}>{dateTime(record.created_at)}</Descriptions.Item>
              <Descriptions.Item label={f.memo} span="filled">
                {record.memo || '—'}
              </Descriptions.Item>
              {Object.entries(reference ?? {}).map(([name, value]) => {
                const known = REFERENCE_LABELS.get(name);
                return (
                  <Descriptions.Item key={name} label={known ? t[known] : name}>
                    {value}
                  </Descriptions.Item>
                );
              })}
            </DetailList>
            <RecordEntries entries={entries ?? []} emptyText={t.noEntries} />
          </Space>
        )
      )}
    </ConfirmCloseDrawer>
  );
}

const CREDIT_FIELDS = ['user_id', 'amount', 'reason'];

interface CreditValues {
  user_id?: UserChoice;
  /** Yuan for a cash book, whole beans for a bean book. */
  amount?: number;
  reason?: string;
}

/**
 * 手动入账: credit a user's earnings (typed in yuan, sent in fen) or bean earnings (whole beans), with a reason,
 * confirmed with the balance before and after. The
 * idempotency key is made once per opened form, so a double submit (or a retry after a lost answer) credits once.
 */
function ManualCreditModal({ book, onClose }: { book: CreditBook; onClose: () => void }) {
  const t = useMessages(bookMessages);
  const common = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const { message } = App.useApp();
  const [form] = Form.useForm<CreditValues>();
  const [key] = useState(() => crypto.randomUUID());
  const credit = useManualCredit(book);
  const cash = isCash(book);
  const confirmPosting = useConfirmPosting();

  const submit = async (values: CreditValues) => {
    const amount = cash ? Math.round(values.amount! * 100) : values.amount!;
    if (!(await confirmPosting({ userId: values.user_id!.value, currency: cash ? 'CNY' : 'BEAN', direction: 'credit', amount }))) return;
    try {
      await credit.mutateAsync({ user_id: values.user_id!.value, amount, reason: values.reason!.trim(), idempotency_key: key });
    } catch (error) {
      showOnField(form, error, CREDIT_FIELDS); // The API client has shown why.
      return;
    }
    void message.success(format(cash ? t.creditedCash : t.creditedBeans, { amount: amountOf(book)(amount) }));
    onClose();
  };

  return (
    <Modal
      open
      title={format(t.creditTitle, { book: LEDGER_BOOKS[book].label[language] })}
      okText={t.submit}
      okButtonProps={{ loading: credit.isPending, htmlType: 'submit', form: 'book-credit-form' }}
      cancelText={common.cancel}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<CreditValues> id="book-credit-form" form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="user_id" label={t.user} rules={[{ required: true, message: t.userRequired }]}>
          <UserPicker />
        </Form.Item>
        <AmountReasonItems cash={cash} max={MANUAL_CREDIT_MAX} texts={t} />
      </Form>
    </Modal>
  );
}
