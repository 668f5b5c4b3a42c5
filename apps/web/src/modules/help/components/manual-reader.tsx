import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Empty, Menu, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { RichText } from '../../../components/rich-text';
import { useMessages } from '../../../lib/i18n';
import { useHelpManual } from '../api/get-manual';
import { useHelpManuals } from '../api/get-manuals';
import { helpMessages } from '../messages';
import { QueryFailure } from '../../../components/query-failure';

/** The drawer lists at most this many manuals (the call's page limit). */
const MANUAL_LIMIT = 200;

/**
 * Help manual (§2.4): the menu list of manuals; a chosen one shows its page's name, explanation and content with a
 * back link to the list. When the page behind the drawer has a manual, it opens first.
 */
export function ManualReader() {
  const t = useMessages(helpMessages);
  const { pathname } = useLocation();
  const manuals = useHelpManuals({ keyword: '', page: 1, limit: MANUAL_LIMIT });
  // undefined: not chosen yet (the current page's manual if any); null: the list.
  const [chosen, setChosen] = useState<number | null>();

  const list = manuals.data?.data ?? [];
  const pageManual = list.find((m) => m.path !== '' && m.path === pathname);
  const openId = chosen === undefined ? pageManual?.id : (chosen ?? undefined);

  if (manuals.isError) return <QueryFailure compact error={manuals.error} onRetry={() => void manuals.refetch()} />;
  if (manuals.isPending) return <Spin className="help-loading" />;
  if (openId !== undefined) return <ManualPage id={openId} onBack={() => setChosen(null)} />;
  if (list.length === 0) return <Empty description={t.empty} />;

  return (
    <nav aria-label={t.manualList}>
      <Menu
        mode="inline"
        className="help-manual-menu"
        selectable={false}
        onClick={({ key }) => setChosen(Number(key))}
        items={list.map((m) => ({
          key: String(m.id),
          label: (
            <span className="help-manual-menu__item">
              <span className="help-manual-menu__name">{m.name}</span>
              {m.id === pageManual?.id && (
                <Tag color="blue" className="help-manual-menu__tag">
                  {t.thisPage}
                </Tag>
              )}
            </span>
          ),
          title: m.explains || m.name,
        }))}
      />
    </nav>
  );
}

function ManualPage({ id, onBack }: { id: number; onBack: () => void }) {
  const t = useMessages(helpMessages);
  const manual = useHelpManual(id);
  return (
    <article className="help-manual">
      <Button type="link" icon={<ArrowLeftOutlined />} onClick={onBack} className="help-manual__back" autoInsertSpace={false}>
        {t.back}
      </Button>
      {manual.isError ? (
        <QueryFailure compact error={manual.error} onRetry={() => void manual.refetch()} />
      ) : manual.isPending ? (
        <Spin className="help-loading" />
      ) : (
        <>
          <Typography.Title level={4} className="help-manual__title">
            {manual.data.name}
          </Typography.Title>
          {manual.data.explains && <Typography.Paragraph type="secondary">{manual.data.explains}</Typography.Paragraph>}
          {manual.data.content ? <RichText html={manual.data.content} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} />}
        </>
      )}
    </article>
  );
}
