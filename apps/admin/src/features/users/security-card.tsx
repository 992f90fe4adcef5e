import { admin } from '@kabuto/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, adminApi } from '../../shared/api';
import { formatTime } from '../../shared/format';
import { errorText } from '../../shared/i18n';
import { ReasonModal } from '../../shared/reason-modal';

/**
 * A user's sign-in security (SPEC §13.1): which factors they have (never a secret) and their open
 * sessions; "reset second factors" (a lost phone) asks a reason, ends every session and messages
 * the user.
 */
export function SecurityCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const { data, isLoading } = useQuery({
    queryKey: ['user-security', userId],
    queryFn: () => adminApi.call(admin.users.security, { params: { id: userId } }),
  });
  const reset = useMutation({
    mutationFn: (reason: string) =>
      adminApi.call(admin.users.resetFactors, { params: { id: userId }, body: { reason } }),
    onSuccess: (answer) => {
      setAsking(false);
      message.success(t('security.resetDone', { count: answer.sessionsEnded }));
      void queryClient.invalidateQueries({ queryKey: ['user-security', userId] });
      void queryClient.invalidateQueries({ queryKey: ['user-sessions', userId] });
    },
    onError: (e: unknown) => message.error(errorText(e instanceof ApiError ? e.key : 'network_error')),
  });
  const factors = data?.factors;

  return (
    <Card
      size="small"
      title={t('security.title')}
      loading={isLoading}
      data-testid="security-card"
      extra={
        <Button danger size="small" disabled={!factors?.secondFactor} onClick={() => setAsking(true)}>
          {t('security.reset')}
        </Button>
      }
    >
      {data && factors && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Descriptions size="small" column={2}>
            <Descriptions.Item label={t('security.totp')}>
              <Tag color={factors.totp ? 'green' : 'default'}>
                {t(factors.totp ? 'security.on' : 'security.off')}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('security.recoveryLeft')}>
              {factors.recoveryCodesLeft}
            </Descriptions.Item>
          </Descriptions>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            title={() => t('security.passkeys')}
            locale={{ emptyText: t('security.noPasskeys') }}
            dataSource={factors.passkeys}
            columns={[
              { title: t('security.passkeys'), dataIndex: 'name' },
              {
                title: t('security.created'),
                dataIndex: 'createdAt',
                render: (v: string | null) => formatTime(v),
              },
              {
                title: t('security.lastUsed'),
                dataIndex: 'lastUsedAt',
                render: (v: string | null) => formatTime(v),
              },
            ]}
          />
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            title={() => t('security.sessions')}
            dataSource={data.sessions}
            columns={[
              { title: t('security.device'), dataIndex: 'device', render: (v: string | null) => v ?? '-' },
              { title: t('security.address'), dataIndex: 'address', render: (v: string | null) => v ?? '-' },
              {
                title: t('sessions.started'),
                dataIndex: 'createdAt',
                render: (v: string | null) => formatTime(v),
              },
              {
                title: t('sessions.lastSeen'),
                dataIndex: 'lastSeenAt',
                render: (v: string | null) => formatTime(v),
              },
              {
                title: t('security.steppedUp'),
                dataIndex: 'steppedUpAt',
                render: (v: string | null) => formatTime(v),
              },
            ]}
          />
        </Space>
      )}
      <ReasonModal
        open={asking}
        title={t('security.resetTitle')}
        required
        danger
        busy={reset.isPending}
        onSubmit={(reason) => reset.mutate(reason)}
        onCancel={() => setAsking(false)}
      />
    </Card>
  );
}
