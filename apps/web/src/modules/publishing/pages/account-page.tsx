import { ApiOutlined, LinkOutlined } from '@ant-design/icons';
import { PLATFORM, publishAccount, publishingCalls } from '@juqi/contract';
import { Alert, Button, Modal, Result, Spin, Typography } from 'antd';
import type { RowMenuItem } from '../../../components/resource';
import { ResourcePage, type ResourcePageOptions } from '../../../components/resource/resource-page';
import { useCallMutation, useCallQuery } from '../../../lib/call-hooks';
import { format, useMessages } from '../../../lib/i18n';
import type { ResourceRow } from '../../../lib/resource';
import { publishingMessages } from '../messages';
import '../publishing.css';

/** A row's label in the UI's language (the menu is built outside any component). */
function Label({ of }: { of: 'check' | 'feed' }) {
  return <>{useMessages(publishingMessages)[of]}</>;
}

/** 测试连接: asks the platform with the kept credential as it opens, and shows its answer and the time taken. */
function CheckModal({ row, onClose }: { row: ResourceRow; onClose: () => void }) {
  const t = useMessages(publishingMessages);
  // Asked afresh on each opening: an answer from before is no test of the credential now.
  const check = useCallQuery(publishingCalls.accountCheck, { id: row.id }, { staleTime: 0 });
  const answer = check.data;
  return (
    <Modal
      open
      title={`${t.check} · ${String(row.name)}`}
      onCancel={onClose}
      footer={[
        <Button key="retry" onClick={() => void check.refetch()} loading={check.isFetching} disabled={check.isFetching}>
          {t.retry}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t.close}
        </Button>,
      ]}
      destroyOnHidden
    >
      {check.isFetching || !answer ? (
        <Spin tip={t.checking}>
          <div className="publishing-check__waiting" />
        </Spin>
      ) : (
        <Result
          status={answer.ok ? 'success' : 'error'}
          title={answer.ok ? t.checkOk : t.checkFailed}
          subTitle={
            <>
              <Typography.Paragraph>{answer.ok ? format(t.checkWho, { who: answer.message }) : answer.message}</Typography.Paragraph>
              <Typography.Text type="secondary">{format(t.latency, { ms: answer.latency_ms })}</Typography.Text>
            </>
          }
        />
      )}
    </Modal>
  );
}

/** 订阅地址: after asking, makes a feed account's new address and shows it this once (the server keeps only its hash). */
function FeedModal({ row, onClose }: { row: ResourceRow; onClose: () => void }) {
  const t = useMessages(publishingMessages);
  const renew = useCallMutation(publishingCalls.accountFeed, []);
  const address = renew.data && `${window.location.origin}${renew.data.path}`;
  return (
    <Modal
      open
      title={t.feedTitle}
      onCancel={onClose}
      okText={t.feedMake}
      okButtonProps={{ danger: true }}
      confirmLoading={renew.isPending}
      onOk={() => renew.mutate({ id: row.id })}
      // Once made, only closing is left: making another would retire the address just shown.
      footer={
        address
          ? [
              <Button key="close" type="primary" onClick={onClose}>
                {t.close}
              </Button>,
            ]
          : undefined
      }
      destroyOnHidden
    >
      {address ? (
        <Alert
          type="success"
          showIcon
          title={t.feedShownOnce}
          description={
            <Typography.Text copyable code className="publishing-feed__address">
              {address}
            </Typography.Text>
          }
        />
      ) : (
        <Typography.Paragraph>{format(t.feedAsk, { name: String(row.name) })}</Typography.Paragraph>
      )}
    </Modal>
  );
}

const CHECK_ICON = <ApiOutlined aria-hidden />;
const FEED_ICON = <LinkOutlined aria-hidden />;

/** Each row's own entries: 测试连接 for every account, 订阅地址 for a feed. */
const accountMenu = (row: ResourceRow): RowMenuItem[] => [
  { key: 'check', label: <Label of="check" />, icon: CHECK_ICON, operation: 'publishing.account.edit', open: (close) => <CheckModal row={row} onClose={close} /> },
  ...(row.platform === PLATFORM.feed ? [{ key: 'feed', label: <Label of="feed" />, icon: FEED_ICON, operation: 'publishing.account.edit', open: (close: () => void) => <FeedModal row={row} onClose={close} /> }] : []),
];

const OPTIONS: ResourcePageOptions = { rowMenu: accountMenu };

/** 账号管理: the declared accounts, with 测试连接 and a feed's address in each row's 更多. */
export function AccountPage() {
  return <ResourcePage resource={publishAccount} options={OPTIONS} />;
}
