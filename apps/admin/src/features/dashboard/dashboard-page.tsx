import { admin } from '@kabuto/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Row, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api';
import { formatAmount, formatDuration, formatTime } from '../../shared/format';
import { label } from '../../shared/labels';
import { ResponsiveTable } from '../../shared/responsive-table';
import { useSession } from '../../shared/session';

const flowText = (rows: admin.DashboardView['today']['deposits']) =>
  rows.length === 0
    ? '0'
    : rows.map((r) => `${formatAmount(r.amount)} ${r.currency} (${r.count})`).join(' · ');

export function DashboardPage() {
  const { t } = useTranslation();
  const role = useSession()?.role;
  const queryClient = useQueryClient();
  const { data, isLoading } = useQuery({
    queryKey: ['dashboard'],
    queryFn: () => adminApi.call(admin.dashboard.dashboard),
    refetchInterval: 30_000,
  });
  const check = useMutation({
    mutationFn: () => adminApi.call(admin.dashboard.invariantCheck),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  });
  const now = data ? new Date(data.now).getTime() : 0;
  return (
    <>
      <Typography.Title level={3}>{t('menu.dashboard')}</Typography.Title>
      <Row gutter={[16, 16]}>
        <Col span={24}>
          <Card title={t('dashboard.queues')} loading={isLoading}>
            <ResponsiveTable
              rowKey="kind"
              pagination={false}
              size="small"
              dataSource={data?.queues ?? []}
              columns={[
                { title: t('reviews.kind'), dataIndex: 'kind', render: (k: string) => t(`kinds.${k}`) },
                { title: t('dashboard.pending'), dataIndex: 'pending', className: 'kb-num' },
                {
                  title: t('dashboard.oldestWaiting'),
                  dataIndex: 'oldestCreatedAt',
                  render: (v: string | null) => (v ? formatDuration(now - new Date(v).getTime()) : '-'),
                },
                {
                  title: t('dashboard.nextDue'),
                  dataIndex: 'oldestDueAt',
                  render: (v: string | null) => formatTime(v),
                },
                {
                  title: t('dashboard.overdue'),
                  dataIndex: 'overdue',
                  render: (n: number) => <Tag color={n > 0 ? 'red' : 'green'}>{n}</Tag>,
                },
              ]}
            />
          </Card>
        </Col>
        <Col span={8}>
          <Card loading={isLoading}>
            <Statistic title={t('dashboard.depositsToday')} value={flowText(data?.today.deposits ?? [])} />
          </Card>
        </Col>
        <Col span={8}>
          <Card loading={isLoading}>
            <Statistic
              title={t('dashboard.withdrawalsToday')}
              value={flowText(data?.today.withdrawals ?? [])}
            />
          </Card>
        </Col>
        <Col span={8}>
          <Card loading={isLoading}>
            <Statistic title={t('dashboard.ordersToday')} value={data?.today.orders ?? 0} />
          </Card>
        </Col>
        <Col span={14}>
          <Card title={t('dashboard.house')} loading={isLoading}>
            <ResponsiveTable
              rowKey={(r) => `${r.account}-${r.currency}`}
              size="small"
              pagination={{ pageSize: 8 }}
              dataSource={data?.house ?? []}
              columns={[
                {
                  title: t('dashboard.account'),
                  dataIndex: 'account',
                  render: (a: string) => label('ledgerAccount', a),
                },
                { title: t('common.currency'), dataIndex: 'currency' },
                {
                  title: t('dashboard.balance'),
                  dataIndex: 'balance',
                  align: 'right',
                  className: 'kb-num',
                  render: formatAmount,
                },
              ]}
            />
          </Card>
        </Col>
        <Col span={10}>
          <Card
            title={t('dashboard.invariant')}
            loading={isLoading}
            extra={
              role === 'admin' && (
                <Button onClick={() => check.mutate()} loading={check.isPending}>
                  {t('dashboard.runCheck')}
                </Button>
              )
            }
          >
            {data?.invariant ? (
              <Alert
                data-testid="invariant"
                type={data.invariant.ok ? 'success' : 'error'}
                showIcon
                message={data.invariant.ok ? t('dashboard.invariantOk') : t('dashboard.invariantFailed')}
                description={t('dashboard.checkedAt', { time: formatTime(data.invariant.checkedAt) })}
              />
            ) : (
              <Alert type="info" showIcon message={t('dashboard.neverChecked')} />
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}
