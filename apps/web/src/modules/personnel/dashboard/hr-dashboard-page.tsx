import { DASHBOARD_LIST_LIMIT, personnelCalls, type HrDashboard } from '@juqi/contract';
import { Card, Col, Flex, Row, Skeleton, Space, Statistic, Table, Tag, theme, Typography } from 'antd';
import { useCallback, useMemo, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { QueryFailure } from '../../../components/query-failure';
import { useCallQuery } from '../../../lib/call-hooks';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences, type Language } from '../../../lib/preferences';
import { useShellSession } from '../../../lib/shell-session';
import { statusName } from '../components/vocabulary';
import { departmentOption, monthsOption } from './chart-options';
import { EChart, type ChartClick } from '../../../components/echart';
import { contractLink, daysUntil, departmentItemLink, joinersLink, leavingLink, monthItemLink, probationLink, STAFF_LIST_PATH, statusLink, type ChartItem } from './links';
import { dashboardMessages, type DashboardTexts } from './messages';

/** `2025-05` as the months' axis writes it: the short month, the year under the first month and under each January. */
function monthLabel(month: string, index: number, language: Language): string {
  const instant = Date.parse(`${month}-01`);
  const short = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' }).format(instant);
  return index === 0 || month.endsWith('-01') ? `${short}\n${month.slice(0, 4)}` : short;
}

/**
 * /human/dashboard (人力看板): headcount, joiners and leavers, probations, contracts and leaving dates due or overdue,
 * pending approvals, from one call. Numbers, bars and names lead to 员工管理 filtered to the people they count, where the
 * staff may open it.
 */
export function HrDashboardPage() {
  const query = useCallQuery(personnelCalls.dashboard, {});
  if (query.error) return <QueryFailure error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  return <DashboardView answer={query.data} />;
}

function DashboardView({ answer }: { answer: HrDashboard }) {
  const t = useMessages(dashboardMessages);
  const language = usePreferences((s) => s.language);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const mayOpenList = useShellSession().menus.routes.has(STAFF_LIST_PATH);
  const { statuses, months } = answer;
  const thisMonth = months.at(-1)!;

  const departmentChart = useMemo(
    () =>
      departmentOption(
        answer.departments,
        { department: (row) => row.name ?? t.noDepartment, status: (status) => statusName(status, language) },
        token,
        mayOpenList,
      ),
    [answer.departments, t, language, token, mayOpenList],
  );
  const monthsChart = useMemo(
    () => monthsOption(months, { month: (month, index) => monthLabel(month, index, language), joiners: t.joiners, leavers: t.leavers }, token, mayOpenList),
    [months, t, language, token, mayOpenList],
  );
  const follow = useCallback(
    (linkOf: (answer: HrDashboard, item: ChartItem) => string | null) => (event: ChartClick) => {
      const link = linkOf(answer, event);
      if (link) void navigate(link);
    },
    [answer, navigate],
  );
  const onDepartmentClick = useMemo(() => (mayOpenList ? follow(departmentItemLink) : undefined), [mayOpenList, follow]);
  const onMonthClick = useMemo(() => (mayOpenList ? follow(monthItemLink) : undefined), [mayOpenList, follow]);
  const linked = (link: string | null, content: ReactNode) => (mayOpenList && link ? <Link to={link}>{content}</Link> : content);

  const figures = [
    { key: 'inOffice', title: t.inOffice, value: statuses.probation + statuses.regular + statuses.resigning, link: statusLink() },
    { key: 'probation', title: t.probation, value: statuses.probation, link: statusLink(['probation']) },
    { key: 'resigning', title: t.resigning, value: statuses.resigning, link: statusLink(['resigning']) },
    { key: 'joiners', title: t.joinersThisMonth, value: thisMonth.joiners, link: joinersLink(thisMonth.month, answer.today) },
    { key: 'approvals', title: t.pendingApprovals, value: answer.pending_approvals ?? t.none, link: null },
  ];

  return (
    <div className="hr-dashboard">
      <Flex justify="space-between" wrap gap={8} className="hr-dashboard__heading">
        <Typography.Title level={4}>{t.title}</Typography.Title>
        <Typography.Text type="secondary">
          {format(t.asOf, { today: answer.today })}
          {mayOpenList && ` · ${t.clickHint}`}
        </Typography.Text>
      </Flex>
      <Row gutter={[16, 16]}>
        {figures.map((figure) => (
          <Col key={figure.key} xs={12} md={8} xl={{ flex: '20%' }}>
            <Card size="small" className="hr-dashboard__figure">
              {linked(figure.link, <Statistic title={figure.title} value={figure.value} />)}
            </Card>
          </Col>
        ))}
        <Col xs={24} xl={12}>
          <Card size="small" title={t.byDepartment}>
            <EChart option={departmentChart} label={t.byDepartmentLabel} height={Math.max(200, answer.departments.length * 40 + 60)} onItemClick={onDepartmentClick} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t.joinersLeavers}>
            <EChart option={monthsChart} label={t.joinersLeaversLabel} height={280} onItemClick={onMonthClick} />
          </Card>
        </Col>
        <Col xs={24} xl={12} xxl={8}>
          <EndingList
            title={t.probationEnding}
            list={answer.probation_ending}
            dayTitle={t.probationEnd}
            dayOf={(person) => person.probation_end}
            linkOf={probationLink}
            today={answer.today}
            linked={linked}
            t={t}
          />
        </Col>
        <Col xs={24} xl={12} xxl={8}>
          <EndingList
            title={t.contractsEnding}
            list={answer.contracts_ending}
            dayTitle={t.contractEnd}
            dayOf={(person) => person.contract_end}
            linkOf={contractLink}
            today={answer.today}
            linked={linked}
            t={t}
          />
        </Col>
        <Col xs={24} xl={12} xxl={8}>
          <EndingList
            title={t.leavingDue}
            list={answer.leaving_due}
            dayTitle={t.leavingDate}
            dayOf={(person) => person.leaving_date}
            linkOf={leavingLink}
            today={answer.today}
            linked={linked}
            t={t}
          />
        </Col>
      </Row>
    </div>
  );
}

type DayList = HrDashboard['probation_ending'] | HrDashboard['contracts_ending'] | HrDashboard['leaving_due'];
type Person = DayList['items'][number];

interface EndingListProps<P extends Person> {
  title: string;
  list: { count: number; items: P[]; overdue: { count: number; items: P[] } };
  dayTitle: string;
  dayOf: (person: P) => string;
  linkOf: (person: P) => string;
  today: string;
  linked: (link: string | null, content: ReactNode) => ReactNode;
  t: DashboardTexts;
}

/**
 * People whose day ends their state: those overdue (the day gone by, the state kept: someone has to act) first and
 * marked so, the longest past first, then those due within the horizon, soonest first; how many of each in all.
 */
function EndingList<P extends Person>({ title, list, dayTitle, dayOf, linkOf, today, linked, t }: EndingListProps<P>) {
  const rows = [...list.overdue.items, ...list.items];
  const cut = list.count > list.items.length || list.overdue.count > list.overdue.items.length;
  const columns = [
    { key: 'name', title: t.name, render: (_: unknown, person: P) => linked(linkOf(person), person.name) },
    { key: 'department', title: t.department, render: (_: unknown, person: P) => person.department_name ?? t.noDepartment },
    { key: 'day', title: dayTitle, render: (_: unknown, person: P) => dayOf(person) },
    {
      key: 'when',
      title: t.fromToday,
      align: 'right' as const,
      render: (_: unknown, person: P) => {
        const days = daysUntil(dayOf(person), today);
        if (days < 0) return <Typography.Text type="danger">{format(t.daysOverdue, { count: -days })}</Typography.Text>;
        return days === 0 ? t.today : format(t.inDays, { count: days });
      },
    },
  ];
  return (
    <Card
      size="small"
      title={title}
      extra={
        <Space size={4} wrap>
          {list.overdue.count > 0 && <Tag color="error">{format(t.overdueCount, { count: list.overdue.count })}</Tag>}
          <Typography.Text type="secondary">{format(t.dueSoon, { count: list.count })}</Typography.Text>
        </Space>
      }
    >
      <Flex vertical gap={8}>
        <Table<P> size="small" rowKey="id" columns={columns} dataSource={rows} pagination={false} locale={{ emptyText: t.empty }} scroll={{ x: 'max-content' }} />
        {cut && <Typography.Text type="secondary">{format(t.earliestListed, { shown: DASHBOARD_LIST_LIMIT })}</Typography.Text>}
      </Flex>
    </Card>
  );
}
