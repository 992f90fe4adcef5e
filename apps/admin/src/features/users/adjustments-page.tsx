import { admin } from '@kabuto/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, adminApi } from '../../shared/api';
import { formatAmount, formatTime } from '../../shared/format';
import { errorText } from '../../shared/i18n';
import { ReasonModal } from '../../shared/reason-modal';
import { ResponsiveTable } from '../../shared/responsive-table';

type State = 'pending' | 'posted' | 'rejected' | 'all';
type Adjustment = admin.AdjustmentView;

const STATE_COLOR = { pending: 'gold', posted: 'green', rejected: 'red' } as const;

export function AdjustmentsTable({ state, userId }: { state: State; userId?: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<{ item: Adjustment; decision: 'approve' | 'reject' } | null>(null);
  const { data, isLoading } = useQuery({
    queryKey: ['adjustments', state, userId, page],
    queryFn: () => adminApi.call(admin.users.adjustments, { query: { state, userId, page, size: 20 } }),
  });
  const decide = useMutation({
    mutationFn: (v: { id: number; decision: 'approve' | 'reject'; reason: string }) =>
      v.decision === 'approve'
        ? adminApi.call(admin.users.approveAdjustment, {
            params: { id: v.id },
            body: v.reason ? { reason: v.reason } : {},
          })
        : adminApi.call(admin.users.rejectAdjustment, { params: { id: v.id }, body: { reason: v.reason } }),
    onSuccess: () => {
      message.success(t('common.saved'));
      setDeciding(null);
      void queryClient.invalidateQueries({ queryKey: ['adjustments'] });
    },
    onError: (e) => message.error(e instanceof ApiError ? errorText(e.key) : errorText('network_error')),
  });
  return (
    <>
      <ResponsiveTable
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={data?.list ?? []}
        pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: '#', dataIndex: 'id', width: 60 },
          { title: t('common.time'), dataIndex: 'createdAt', render: (v: string | null) => formatTime(v) },
          {
            title: t('users.account'),
            dataIndex: 'account',
            render: (a: string, r) => <Link to={`/users/${r.userId}`}>{a}</Link>,
          },
          {
            title: t('common.amount'),
            key: 'amount',
            align: 'right',
            className: 'kb-num',
            render: (_, r) => `${formatAmount(r.amount)} ${r.currency}`,
          },
          { title: t('common.reason'), dataIndex: 'reason' },
          { title: t('adjust.requestedBy'), dataIndex: 'requestedBy' },
          {
            title: t('reviews.state'),
            dataIndex: 'state',
            render: (s: Adjustment['state']) => <Tag color={STATE_COLOR[s]}>{t(`adjust.states.${s}`)}</Tag>,
          },
          { title: t('adjust.decidedBy'), dataIndex: 'decidedBy', render: (v: string | null) => v ?? '-' },
          {
            title: '',
            key: 'actions',
            render: (_, r) =>
              r.state === 'pending' && (
                <Space>
                  <Button
                    size="small"
                    type="primary"
                    onClick={() => setDeciding({ item: r, decision: 'approve' })}
                  >
                    {t('reviews.approve')}
                  </Button>
                  <Button size="small" danger onClick={() => setDeciding({ item: r, decision: 'reject' })}>
                    {t('reviews.reject')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      <ReasonModal
        open={deciding !== null}
        title={deciding?.decision === 'reject' ? t('adjust.rejectTitle') : t('adjust.approveTitle')}
        required={deciding?.decision === 'reject'}
        danger={deciding?.decision === 'reject'}
        busy={decide.isPending}
        onCancel={() => setDeciding(null)}
        onSubmit={(reason) =>
          deciding && decide.mutate({ id: deciding.item.id, decision: deciding.decision, reason })
        }
      />
    </>
  );
}

/** Adjustments above the configured amount wait here for a second operator (SPEC §9). */
export function AdjustmentsPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<State>('pending');
  return (
    <>
      <Typography.Title level={3}>{t('menu.adjustments')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('adjust.explain')}</Typography.Paragraph>
      <Segmented
        style={{ marginBottom: 12 }}
        value={state}
        onChange={(v) => setState(v as State)}
        options={(['pending', 'posted', 'rejected', 'all'] as const).map((s) => ({
          value: s,
          label: t(`adjust.states.${s}`),
        }))}
      />
      <AdjustmentsTable state={state} />
    </>
  );
}
