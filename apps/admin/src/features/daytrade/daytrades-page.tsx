import { admin, DAY_TRADE_STATES, type DayTradeState } from '@kabuto/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api';
import { formatAmount, formatTime } from '../../shared/format';
import { ResponsiveTable } from '../../shared/responsive-table';

type Filter = DayTradeState | 'all';

const STATE_COLOURS: Record<DayTradeState, string> = {
  pending: 'blue',
  rejected: 'red',
  approved: 'gold',
  trading: 'orange',
  executed: 'green',
  failed: 'red',
};

const money = (value: string | null, currency: string) =>
  value === null ? '-' : `${formatAmount(value)} ${currency}`;

/**
 * Day-trading applications (SPEC §6.5, §9): every application with its applicant, day, amount,
 * state and, once settled, the result. Decisions are taken in the review queue (kind daytrade).
 */
export function DayTradesPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const { data, isLoading } = useQuery({
    queryKey: ['daytrades', state, page],
    queryFn: () =>
      adminApi.call(admin.daytrade.list, {
        query: { state: state === 'all' ? undefined : state, page, size: 20 },
      }),
  });
  return (
    <Card title={t('daytrades.title')} data-testid="daytrades-page">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Segmented<Filter>
          value={state}
          onChange={(v) => {
            setState(v);
            setPage(1);
          }}
          options={[
            { label: t('daytrades.all'), value: 'all' },
            ...DAY_TRADE_STATES.map((s) => ({ label: t(`daytrades.states.${s}`), value: s })),
          ]}
        />
        <ResponsiveTable<admin.AdminAnswerOf<typeof admin.daytrade.list>['list'][number]>
          rowKey="id"
          size="small"
          loading={isLoading}
          dataSource={data?.list ?? []}
          pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, onChange: setPage }}
          columns={[
            {
              title: t('daytrades.orderNo'),
              dataIndex: 'orderNo',
              render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
            },
            { title: t('daytrades.account'), dataIndex: 'account' },
            { title: t('daytrades.market'), dataIndex: 'market', render: (v: string) => v.toUpperCase() },
            { title: t('daytrades.tradingDay'), dataIndex: 'tradingDay' },
            {
              title: t('daytrades.amount'),
              dataIndex: 'amount',
              align: 'right',
              render: (v: string, r) => money(v, r.currency),
            },
            { title: t('daytrades.leverage'), dataIndex: 'leverage', render: (v: number) => `${v}×` },
            {
              title: t('daytrades.state'),
              dataIndex: 'state',
              render: (v: DayTradeState, r) => (
                <Space direction="vertical" size={0}>
                  <Tag color={STATE_COLOURS[v]} data-testid="daytrade-state">
                    {t(`daytrades.states.${v}`)}
                  </Tag>
                  {r.reason && <Typography.Text type="secondary">{r.reason}</Typography.Text>}
                </Space>
              ),
            },
            {
              title: t('daytrades.pnl'),
              dataIndex: 'pnl',
              align: 'right',
              render: (v: string | null, r) => money(v, r.currency),
            },
            {
              title: t('daytrades.fees'),
              dataIndex: 'fees',
              align: 'right',
              render: (v: string | null, r) => money(v, r.currency),
            },
            {
              title: t('daytrades.returned'),
              dataIndex: 'returned',
              align: 'right',
              render: (v: string | null, r) => money(v, r.currency),
            },
            {
              title: t('daytrades.createdAt'),
              dataIndex: 'createdAt',
              render: (v: string, r) => formatTime(v, r.market),
            },
            {
              title: t('daytrades.closeAt'),
              dataIndex: 'closeAt',
              render: (v: string, r) => formatTime(v, r.market),
            },
          ]}
        />
      </Space>
    </Card>
  );
}
