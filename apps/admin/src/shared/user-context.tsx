import { admin } from '@kabuto/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { adminApi } from './api';
import { formatAmount, formatTime } from './format';
import { label, textOr } from './labels';

const KYC_COLOR: Record<string, string> = {
  verified: 'green',
  pending: 'gold',
  failed: 'red',
  unverified: 'default',
};

export function FlagTags({ flags }: { flags: admin.UserView['flags'] }) {
  const { t } = useTranslation();
  const on = (['banned', 'frozen', 'tradeBarred'] as const).filter((f) => flags[f]);
  if (on.length === 0) return <Tag color="green">{t('users.normal')}</Tag>;
  return (
    <>
      {on.map((f) => (
        <Tag key={f} color="red">
          {t(`users.flag.${f}`)}
        </Tag>
      ))}
    </>
  );
}

export function KycTag({ state }: { state: string }) {
  return <Tag color={KYC_COLOR[state] ?? 'default'}>{textOr(`kyc.${state}`, state)}</Tag>;
}

export function BalancesTable({ balances }: { balances: admin.BalanceView[] }) {
  const { t } = useTranslation();
  return (
    <Table
      rowKey="currency"
      size="small"
      pagination={false}
      dataSource={balances}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('users.noBalance')} />,
      }}
      columns={[
        { title: t('common.currency'), dataIndex: 'currency' },
        {
          title: t('users.available'),
          dataIndex: 'available',
          align: 'right',
          className: 'kb-num',
          render: formatAmount,
        },
        {
          title: t('users.frozen'),
          dataIndex: 'frozen',
          align: 'right',
          className: 'kb-num',
          render: formatAmount,
        },
        {
          title: t('users.debt'),
          dataIndex: 'debt',
          align: 'right',
          className: 'kb-num',
          render: formatAmount,
        },
      ]}
    />
  );
}

/** SPEC §9: the user's verification state, balances and recent fund records beside a review item. */
export function UserContext({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { data, isLoading } = useQuery({
    queryKey: ['user-context', userId],
    queryFn: () => adminApi.call(admin.users.context, { params: { id: userId } }),
  });
  return (
    <Card title={t('reviews.userContext')} size="small" loading={isLoading} data-testid="user-context">
      {data && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Descriptions size="small" column={2}>
            <Descriptions.Item label={t('users.account')}>{data.user.account}</Descriptions.Item>
            <Descriptions.Item label={t('users.realName')}>{data.user.realName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('users.kyc')}>
              <KycTag state={data.user.kyc} />
            </Descriptions.Item>
            <Descriptions.Item label={t('users.flags')}>
              <FlagTags flags={data.user.flags} />
            </Descriptions.Item>
          </Descriptions>
          <BalancesTable balances={data.balances} />
          <Table
            rowKey={(r) => `${r.id}-${r.currency}`}
            size="small"
            pagination={false}
            dataSource={data.recentRecords}
            locale={{ emptyText: t('users.noRecords') }}
            columns={[
              {
                title: t('common.time'),
                dataIndex: 'createdAt',
                render: (v: string | null) => formatTime(v),
              },
              {
                title: t('users.kind'),
                dataIndex: 'kind',
                render: (k: string) => label('ledgerKind', k),
              },
              {
                title: t('common.amount'),
                key: 'amount',
                align: 'right',
                className: 'kb-num',
                render: (_, r) => `${formatAmount(r.amount)} ${r.currency}`,
              },
            ]}
          />
        </Space>
      )}
    </Card>
  );
}
