import { admin } from '@kabuto/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, adminApi } from '../../shared/api';
import { formatPrice, formatTime } from '../../shared/format';
import { errorText } from '../../shared/i18n';
import { ReasonModal } from '../../shared/reason-modal';
import { ResponsiveTable } from '../../shared/responsive-table';

const PAGE_SIZE = 10;

/** An alert's condition as the investor set it: a price for above / below, a day change in % for rise / fall. */
function condition(alert: admin.UserAlertView): string {
  switch (alert.kind) {
    case 'above':
      return `≥ ${formatPrice(alert.value)}`;
    case 'below':
      return `≤ ${formatPrice(alert.value)}`;
    case 'rise':
      return `≥ +${formatPrice(alert.value)} %`;
    case 'fall':
      return `≤ −${formatPrice(alert.value)} %`;
  }
}

function AlertsTable({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isLoading } = useQuery({
    queryKey: ['user-alerts', userId, page],
    queryFn: () =>
      adminApi.call(admin.notify.userAlerts, { params: { id: userId }, query: { page, size: PAGE_SIZE } }),
  });
  return (
    <ResponsiveTable
      rowKey="id"
      size="small"
      loading={isLoading}
      dataSource={data?.list ?? []}
      data-testid="user-alerts"
      locale={{ emptyText: t('userNotify.noAlerts') }}
      pagination={
        (data?.total ?? 0) > PAGE_SIZE
          ? { current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage }
          : false
      }
      columns={[
        { title: t('userNotify.code'), dataIndex: 'code' },
        {
          title: t('userNotify.condition'),
          key: 'condition',
          className: 'kb-num',
          render: (_, r) => `${t(`userNotify.kinds.${r.kind}`)} ${condition(r)}`,
        },
        {
          title: t('userNotify.repeat'),
          dataIndex: 'repeat',
          render: (v: admin.UserAlertView['repeat']) => t(`userNotify.repeats.${v}`),
        },
        {
          title: t('userNotify.state'),
          dataIndex: 'active',
          render: (active: boolean) => (
            <Tag color={active ? 'green' : 'default'}>
              {t(active ? 'userNotify.watching' : 'userNotify.stopped')}
            </Tag>
          ),
        },
        {
          title: t('userNotify.lastFired'),
          key: 'fired',
          render: (_, r) =>
            r.firedAt ? `${formatTime(r.firedAt)} @ ${formatPrice(r.firedPrice)}` : t('userNotify.never'),
        },
        { title: t('userNotify.fires'), dataIndex: 'fires', className: 'kb-num' },
        { title: t('userNotify.created'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
      ]}
    />
  );
}

function DevicesTable({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<admin.PushDeviceView | null>(null);
  const { data, isLoading } = useQuery({
    queryKey: ['user-devices', userId, page],
    queryFn: () =>
      adminApi.call(admin.notify.userDevices, { params: { id: userId }, query: { page, size: PAGE_SIZE } }),
  });
  const remove = useMutation({
    mutationFn: ({ device, reason }: { device: number; reason: string }) =>
      adminApi.call(admin.notify.removeDevice, { params: { id: userId, device }, body: { reason } }),
    onSuccess: () => {
      setRemoving(null);
      message.success(t('userNotify.removed'));
      void queryClient.invalidateQueries({ queryKey: ['user-devices', userId] });
      void queryClient.invalidateQueries({ queryKey: ['notify-overview'] });
    },
    onError: (e: unknown) => message.error(errorText(e instanceof ApiError ? e.key : 'network_error')),
  });
  return (
    <>
      <ResponsiveTable
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={data?.list ?? []}
        data-testid="user-devices"
        locale={{ emptyText: t('userNotify.noDevices') }}
        pagination={
          (data?.total ?? 0) > PAGE_SIZE
            ? { current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage }
            : false
        }
        columns={[
          { title: t('userNotify.host'), dataIndex: 'host' },
          { title: t('userNotify.device'), dataIndex: 'device', render: (v: string | null) => v ?? '-' },
          { title: t('userNotify.created'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
          {
            title: t('userNotify.lastSent'),
            dataIndex: 'lastSentAt',
            render: (v: string | null) => (v ? formatTime(v) : t('userNotify.never')),
          },
          {
            title: t('userNotify.failures'),
            dataIndex: 'failures',
            render: (n: number) => <Tag color={n > 0 ? 'red' : 'default'}>{n}</Tag>,
          },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_, r) => (
              <Button danger size="small" onClick={() => setRemoving(r)}>
                {t('userNotify.remove')}
              </Button>
            ),
          },
        ]}
      />
      <ReasonModal
        open={removing !== null}
        title={t('userNotify.removeTitle', { host: removing?.host ?? '' })}
        required
        danger
        busy={remove.isPending}
        onSubmit={(reason) => removing && remove.mutate({ device: removing.id, reason })}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}

/**
 * A user's price alerts and the devices that take their notifications (SPEC §13.3), in user
 * care: an operator can see why an investor did or did not get an alert, and remove a device
 * the investor lost, with a reason, audited.
 */
export function NotifyCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('userNotify.title')} data-testid="notify-card">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text strong>{t('userNotify.alerts')}</Typography.Text>
        <AlertsTable userId={userId} />
        <Typography.Text strong>{t('userNotify.devices')}</Typography.Text>
        <DevicesTable userId={userId} />
      </Space>
    </Card>
  );
}
