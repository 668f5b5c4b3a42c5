import type { MenuNode } from '@juqi/contract';
import { Card, Col, Empty, Input, List, Row, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { format, useMessages } from '../../lib/i18n';
import { useSiteDetails } from '../../lib/site-details';
import { menuIcon } from '../../components/menu-icons';
import { normalizePath, visibleChildren } from '../../lib/menu-routes';
import { shellMessages } from './messages';
import { useShellSession } from '../../lib/shell-session';

interface PageLink {
  path: string;
  name: string;
  trail: string;
}

/** Every page (entry without children) under the permitted menus, with the names of the entries above it. */
function pageLinks(nodes: MenuNode[], trail: string[] = []): PageLink[] {
  return nodes.flatMap((node) => {
    const children = visibleChildren(node);
    return children.length
      ? pageLinks(children, [...trail, node.name])
      : [{ path: normalizePath(node.path), name: node.name, trail: trail.join(' / ') }];
  });
}

const countPages = (node: MenuNode): number => pageLinks([node]).length;

/** /dashboard, the pinned tab: a greeting, a function finder and the staff's sections. */
export function DashboardPage() {
  const t = useMessages(shellMessages);
  const { profile, menus } = useShellSession();
  const website = useSiteDetails()?.website ?? '';
  const [query, setQuery] = useState('');
  const sections = useMemo(() => menus.tree.filter((node) => !node.hidden), [menus.tree]);
  const links = useMemo(() => pageLinks(sections), [sections]);
  const needle = query.trim().toLowerCase();
  const found = needle ? links.filter((link) => `${link.trail} ${link.name}`.toLowerCase().includes(needle)) : [];

  return (
    <div className="dashboard">
      <Card>
        <Typography.Title level={3}>{format(t.welcome, { name: profile.user_name })}</Typography.Title>
        <Typography.Paragraph type="secondary">{format(t.welcomeText, { website })}</Typography.Paragraph>
        <Typography.Title level={5}>{t.findPage}</Typography.Title>
        <Input.Search
          aria-label={t.findPage}
          placeholder={t.findPlaceholder}
          allowClear
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        {needle && (
          <List
            className="dashboard__results"
            dataSource={found}
            renderItem={(link) => (
              <List.Item>
                <Link to={link.path}>{link.name}</Link>
                <Typography.Text type="secondary">{link.trail}</Typography.Text>
              </List.Item>
            )}
          />
        )}
      </Card>
      <Typography.Title level={4} className="dashboard__heading">
        {t.sectionsTitle}
      </Typography.Title>
      {sections.length === 0 ? (
        <Empty />
      ) : (
        <Row gutter={[16, 16]}>
          {sections.map((section) => (
            <Col key={section.path} xs={12} sm={8} lg={6} xl={4}>
              <Link to={normalizePath(section.path)}>
                <Card hoverable size="small" className="dashboard__section">
                  <span className="dashboard__section-icon">{menuIcon(section.icon, true)}</span>
                  <div className="dashboard__section-name">{section.name}</div>
                  <Typography.Text type="secondary">{format(t.pageCount, { count: countPages(section) })}</Typography.Text>
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
