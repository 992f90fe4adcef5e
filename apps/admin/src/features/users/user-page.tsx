import { admin, CURRENCIES } from '@kabuto/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError, adminApi } from '../../shared/api';
import { formatAmount, formatPrice, formatTime } from '../../shared/format';
import { errorText } from '../../shared/i18n';
import { label, memoText, textOr } from '../../shared/labels';
import { BalancesTable, FlagTags, KycTag } from '../../shared/user-context';
import { AdjustmentsTable } from './adjustments-page';
import { NotifyCard } from './notify-card';
import { SecurityCard } from './security-card';

type Profile = admin.AdminAnswerOf<typeof admin.users.detail>;

function useFail() {
  const { message } = App.useApp();
  return (e: unknown) => message.error(e instanceof ApiError ? errorText(e.key) : errorText('network_error'));
}

/** SPEC §5: set or lift banned / frozen / trade-barred with the reason the user sees. */
function FlagsCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const fail = useFail();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const save = useMutation({
    mutationFn: (v: admin.AdminInputOf<typeof admin.users.flags>['body']) =>
      adminApi.call(admin.users.flags, { params: { id: profile.user.id }, body: v }),
    onSuccess: () => {
      message.success(t('common.saved'));
      form.setFieldValue('reason', '');
      void queryClient.invalidateQueries({ queryKey: ['user', profile.user.id] });
    },
    onError: fail,
  });
  return (
    <Card title={t('users.flagsTitle')} size="small">
      <Form
        form={form}
        layout="vertical"
        initialValues={{ ...profile.user.flags, reason: '' }}
        onFinish={(v) => save.mutate(v)}
        data-testid="flags-form"
      >
        <Space size="large">
          {(['banned', 'frozen', 'tradeBarred'] as const).map((f) => (
            <Form.Item key={f} name={f} label={t(`users.flag.${f}`)} valuePropName="checked">
              <Switch data-testid={`flag-${f}`} />
            </Form.Item>
          ))}
        </Space>
        <Form.Item
          name="reason"
          label={t('users.flagReason')}
          rules={[{ required: true, whitespace: true, message: t('form.reasonRequired') }]}
        >
          <Input.TextArea rows={2} maxLength={500} data-testid="flags-reason" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="flags-save">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}

/** SPEC §9: a correction is a ledger adjustment with a reason; above the set amount a second operator approves. */
function AdjustmentCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const fail = useFail();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const post = useMutation({
    mutationFn: (v: admin.AdminInputOf<typeof admin.users.adjust>['body']) =>
      adminApi.call(admin.users.adjust, { params: { id: userId }, body: v }),
    onSuccess: (answer) => {
      message.success(t(answer.state === 'posted' ? 'adjust.posted' : 'adjust.pending'));
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: ['user', userId] });
      void queryClient.invalidateQueries({ queryKey: ['user-ledger', userId] });
      void queryClient.invalidateQueries({ queryKey: ['adjustments'] });
    },
    onError: fail,
  });
  return (
    <Card title={t('adjust.title')} size="small">
      <Form
        form={form}
        layout="vertical"
        initialValues={{ currency: 'JPY', direction: 'credit' }}
        onFinish={(v) => post.mutate(v)}
        data-testid="adjust-form"
      >
        <Space align="start" wrap>
          <Form.Item name="direction" label={t('adjust.direction')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'credit', label: t('adjust.credit') },
                { value: 'debit', label: t('adjust.debit') },
              ]}
            />
          </Form.Item>
          <Form.Item name="currency" label={t('common.currency')}>
            <Select style={{ width: 100 }} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
          <Form.Item
            name="amount"
            label={t('common.amount')}
            rules={[
              { required: true, message: t('form.required') },
              { pattern: /^\d{1,15}(\.\d{1,2})?$/, message: t('form.amountInvalid') },
            ]}
          >
            <Input style={{ width: 160 }} inputMode="decimal" data-testid="adjust-amount" />
          </Form.Item>
        </Space>
        <Form.Item
          name="reason"
          label={t('adjust.reason')}
          rules={[{ required: true, whitespace: true, message: t('form.reasonRequired') }]}
        >
          <Input.TextArea rows={2} maxLength={500} data-testid="adjust-reason" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={post.isPending} data-testid="adjust-submit">
          {t('adjust.submit')}
        </Button>
      </Form>
    </Card>
  );
}

function LedgerTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isLoading } = useQuery({
    queryKey: ['user-ledger', userId, page],
    queryFn: () => adminApi.call(admin.users.ledger, { params: { id: userId }, query: { page, size: 20 } }),
  });
  return (
    <Table
      rowKey="id"
      size="small"
      loading={isLoading}
      dataSource={data?.list ?? []}
      data-testid="ledger-table"
      pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, onChange: setPage }}
      columns={[
        { title: t('common.time'), dataIndex: 'createdAt', render: (v: string | null) => formatTime(v) },
        { title: t('users.orderNo'), dataIndex: 'orderNo', className: 'kb-num' },
        {
          title: t('users.kind'),
          dataIndex: 'kind',
          render: (k: string) => label('ledgerKind', k),
        },
        {
          title: t('users.ledgerAccount'),
          dataIndex: 'account',
          render: (a: string) => label('ledgerAccount', a),
        },
        {
          title: t('common.amount'),
          key: 'amount',
          align: 'right',
          className: 'kb-num',
          render: (_, r) => `${formatAmount(r.amount)} ${r.currency}`,
        },
        {
          title: t('users.balanceAfter'),
          dataIndex: 'balanceAfter',
          align: 'right',
          className: 'kb-num',
          render: (v: string | null) => (v === null ? '-' : formatAmount(v)),
        },
        { title: t('users.memo'), dataIndex: 'memo', render: (v: string | null, r) => memoText(r.kind, v) },
      ]}
    />
  );
}

function PositionsTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isLoading } = useQuery({
    queryKey: ['user-positions', userId, page],
    queryFn: () =>
      adminApi.call(admin.users.positions, { params: { id: userId }, query: { page, size: 20 } }),
  });
  return (
    <Table
      rowKey="id"
      size="small"
      loading={isLoading}
      dataSource={data?.list ?? []}
      pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, onChange: setPage }}
      columns={[
        {
          title: t('common.time'),
          dataIndex: 'createdAt',
          render: (v: string, r) => formatTime(v, r.currency),
        },
        { title: t('positions.code'), dataIndex: 'code' },
        {
          title: t('positions.direction'),
          dataIndex: 'direction',
          render: (d: string) => textOr(`positions.${d}`, d),
        },
        { title: t('positions.quantity'), dataIndex: 'quantity', className: 'kb-num' },
        { title: t('positions.leverage'), dataIndex: 'leverage', render: (v: number) => `×${v}` },
        { title: t('positions.open'), dataIndex: 'openPrice', className: 'kb-num', render: formatPrice },
        {
          title: t('positions.close'),
          dataIndex: 'closePrice',
          className: 'kb-num',
          render: formatPrice,
        },
        {
          title: t('positions.margin'),
          key: 'margin',
          align: 'right',
          className: 'kb-num',
          render: (_, r) => `${formatAmount(r.margin)} ${r.currency}`,
        },
        {
          title: t('positions.pnl'),
          dataIndex: 'realisedPnl',
          align: 'right',
          className: 'kb-num',
          render: (v: string | null) => (v === null ? '-' : formatAmount(v)),
        },
        {
          title: t('reviews.state'),
          dataIndex: 'state',
          render: (s: string) => <Tag>{textOr(`positions.states.${s}`, s)}</Tag>,
        },
      ]}
    />
  );
}

function ApplicationsTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { data, isLoading } = useQuery({
    queryKey: ['user-applications', userId],
    queryFn: () => adminApi.call(admin.users.applications, { params: { id: userId } }),
  });
  return (
    <Table
      rowKey={(r) => `${r.kind}-${r.id}`}
      size="small"
      loading={isLoading}
      dataSource={data?.list ?? []}
      pagination={false}
      data-testid="applications-table"
      columns={[
        {
          title: t('common.time'),
          dataIndex: 'createdAt',
          render: (v: string, r) => formatTime(v, r.currency ?? ''),
        },
        { title: t('users.kind'), dataIndex: 'kind', render: (k: string) => t(`kinds.${k}`) },
        {
          title: t('common.amount'),
          key: 'amount',
          align: 'right',
          className: 'kb-num',
          render: (_, r) => (r.amount === null ? '-' : `${formatAmount(r.amount)} ${r.currency}`),
        },
        {
          title: t('reviews.state'),
          dataIndex: 'state',
          render: (s: string) => (
            <Tag color={s === 'approved' ? 'green' : s === 'rejected' ? 'red' : 'gold'}>
              {t(`reviews.states.${s}`)}
            </Tag>
          ),
        },
        { title: t('reviews.reviewer'), dataIndex: 'reviewer', render: (v: string | null) => v ?? '-' },
        { title: t('common.reason'), dataIndex: 'reason', render: (v: string | null) => v ?? '' },
      ]}
    />
  );
}

function SessionsTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { data, isLoading } = useQuery({
    queryKey: ['user-sessions', userId],
    queryFn: () => adminApi.call(admin.users.sessions, { params: { id: userId } }),
  });
  return (
    <Table
      rowKey="id"
      size="small"
      loading={isLoading}
      dataSource={data?.list ?? []}
      pagination={false}
      columns={[
        { title: t('sessions.started'), dataIndex: 'createdAt', render: (v: string | null) => formatTime(v) },
        {
          title: t('sessions.lastSeen'),
          dataIndex: 'lastSeenAt',
          render: (v: string | null) => formatTime(v),
        },
        { title: t('sessions.ended'), dataIndex: 'endedAt', render: (v: string | null) => formatTime(v) },
        {
          title: t('reviews.state'),
          dataIndex: 'active',
          render: (a: boolean) => (
            <Tag color={a ? 'green' : 'default'}>{t(a ? 'sessions.active' : 'sessions.inactive')}</Tag>
          ),
        },
      ]}
    />
  );
}

export function UserPage() {
  const { t } = useTranslation();
  const userId = Number(useParams().id);
  const { data, isLoading, error } = useQuery({
    queryKey: ['user', userId],
    queryFn: () => adminApi.call(admin.users.detail, { params: { id: userId } }),
    enabled: Number.isSafeInteger(userId) && userId > 0,
  });
  if (error)
    return (
      <Alert
        type="error"
        showIcon
        message={errorText(error instanceof ApiError ? error.key : 'network_error')}
      />
    );
  return (
    <>
      <Typography.Title level={3}>
        {t('users.profileTitle')} {data?.user.account ?? ''}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col span={14}>
          <Card size="small" loading={isLoading} title={t('users.profile')}>
            {data && (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Descriptions size="small" column={2} data-testid="profile">
                  <Descriptions.Item label="ID">{data.user.id}</Descriptions.Item>
                  <Descriptions.Item label={t('users.account')}>{data.user.account}</Descriptions.Item>
                  <Descriptions.Item label={t('users.realName')}>
                    {data.user.realName ?? '-'}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('users.kyc')}>
                    <KycTag state={data.user.kyc} />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('users.flags')}>
                    <FlagTags flags={data.user.flags} />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('users.flagReason')}>
                    {data.user.flags.reason ?? '-'}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('users.creditScore')}>
                    {data.user.creditScore ?? '-'}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('users.registered')}>
                    {formatTime(data.user.createdAt)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('users.cards')} span={2}>
                    {data.cards.length === 0
                      ? '-'
                      : data.cards.map((c) => (
                          <Tag key={c.id} color={c.unbound ? 'default' : 'blue'}>
                            {c.institution} {c.cardNumber} ({c.holder})
                          </Tag>
                        ))}
                  </Descriptions.Item>
                </Descriptions>
                <BalancesTable balances={data.balances} />
              </Space>
            )}
          </Card>
        </Col>
        <Col span={10}>
          <Space direction="vertical" style={{ width: '100%' }}>
            {data && <FlagsCard key={JSON.stringify(data.user.flags)} profile={data} />}
            <AdjustmentCard userId={userId} />
            <SecurityCard userId={userId} />
          </Space>
        </Col>
        <Col span={24}>
          <NotifyCard userId={userId} />
        </Col>
        <Col span={24}>
          <Card size="small">
            <Tabs
              items={[
                { key: 'ledger', label: t('users.ledger'), children: <LedgerTab userId={userId} /> },
                { key: 'positions', label: t('users.positions'), children: <PositionsTab userId={userId} /> },
                {
                  key: 'applications',
                  label: t('users.applications'),
                  children: <ApplicationsTab userId={userId} />,
                },
                { key: 'sessions', label: t('users.sessions'), children: <SessionsTab userId={userId} /> },
                {
                  key: 'adjustments',
                  label: t('menu.adjustments'),
                  children: <AdjustmentsTable state="all" userId={userId} />,
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
