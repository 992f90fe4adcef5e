import { admin } from '@kabuto/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Input, Modal, Row, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, adminApi } from '../../shared/api';
import { formatTime } from '../../shared/format';
import { errorText } from '../../shared/i18n';
import { ReasonModal } from '../../shared/reason-modal';
import { ResponsiveTable } from '../../shared/responsive-table';
import { type Role, useSession } from '../../shared/session';

type OperatorRow = admin.OperatorView;
const ROLES: readonly Role[] = admin.OPERATOR_ROLES;

type Pending =
  | { kind: 'role'; op: OperatorRow; role: Role }
  | { kind: 'disable'; op: OperatorRow; disabled: boolean }
  | { kind: 'password'; op: OperatorRow }
  | { kind: 'totp'; op: OperatorRow };

function changeBody(p: Pending, reason: string) {
  if (p.kind === 'role') return { role: p.role, reason };
  if (p.kind === 'disable') return { disabled: p.disabled, reason };
  return { totpOff: true as const, reason };
}

/** Operator accounts (SPEC §9, admin role): create, assign a role, disable, reset a password. */
export function OperatorsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const me = useSession();
  const [createForm] = Form.useForm();
  const [passwordForm] = Form.useForm();
  const [pending, setPending] = useState<Pending | null>(null);
  const [newPassword, setNewPassword] = useState<string | null>(null);
  const fail = (e: unknown) =>
    message.error(e instanceof ApiError ? errorText(e.key) : errorText('network_error'));
  const { data, isLoading } = useQuery({
    queryKey: ['operators'],
    queryFn: () => adminApi.call(admin.operators.list),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['operators'] });
  const create = useMutation({
    mutationFn: (v: { username: string; password: string; role: Role }) =>
      adminApi.call(admin.operators.create, { body: v }),
    onSuccess: () => {
      message.success(t('operators.created'));
      createForm.resetFields();
      void refresh();
    },
    onError: fail,
  });
  const change = useMutation({
    mutationFn: ({ p, reason, password }: { p: Pending; reason: string; password?: string }) =>
      p.kind === 'password'
        ? adminApi.call(admin.operators.resetPassword, {
            params: { id: p.op.id },
            body: { password: password ?? '', reason },
          })
        : adminApi.call(admin.operators.update, { params: { id: p.op.id }, body: changeBody(p, reason) }),
    onSuccess: () => {
      message.success(t('common.saved'));
      setPending(null);
      setNewPassword(null);
      void refresh();
    },
    onError: fail,
  });
  const passwordRules = [
    { required: true, message: t('form.required') },
    { min: 10, message: t('operators.passwordLength') },
  ];
  return (
    <>
      <Typography.Title level={3}>{t('menu.operators')}</Typography.Title>
      <Row gutter={16}>
        <Col span={16}>
          <ResponsiveTable
            rowKey="id"
            size="small"
            loading={isLoading}
            dataSource={data?.list ?? []}
            pagination={false}
            data-testid="operators-table"
            columns={[
              { title: 'ID', dataIndex: 'id', width: 60 },
              { title: t('login.username'), dataIndex: 'username' },
              {
                title: t('operators.role'),
                key: 'role',
                render: (_, op) => (
                  <Select
                    size="small"
                    value={op.role}
                    style={{ width: 130 }}
                    disabled={op.id === undefined || op.username === me?.username}
                    onChange={(role) => setPending({ kind: 'role', op, role })}
                    options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
                  />
                ),
              },
              {
                title: t('reviews.state'),
                key: 'state',
                render: (_, op) => (
                  <>
                    <Tag color={op.disabled ? 'red' : 'green'}>
                      {t(op.disabled ? 'operators.disabled' : 'operators.enabled')}
                    </Tag>
                    {op.lockedUntil && (
                      <Tag color="orange">
                        {t('operators.lockedUntil', { time: formatTime(op.lockedUntil) })}
                      </Tag>
                    )}
                  </>
                ),
              },
              {
                title: t('users.registered'),
                dataIndex: 'createdAt',
                render: (v: string | null) => formatTime(v),
              },
              {
                title: '',
                key: 'actions',
                render: (_, op) =>
                  op.username !== me?.username && (
                    <Space>
                      <Button
                        size="small"
                        onClick={() => setPending({ kind: 'disable', op, disabled: !op.disabled })}
                      >
                        {t(op.disabled ? 'operators.enable' : 'operators.disable')}
                      </Button>
                      <Button size="small" onClick={() => setPending({ kind: 'password', op })}>
                        {t('operators.resetPassword')}
                      </Button>
                      {op.totp && (
                        <Button size="small" onClick={() => setPending({ kind: 'totp', op })}>
                          {t('operators.totpOff')}
                        </Button>
                      )}
                    </Space>
                  ),
              },
            ]}
          />
        </Col>
        <Col span={8}>
          <Card title={t('operators.create')} size="small">
            <Form
              form={createForm}
              layout="vertical"
              initialValues={{ role: 'reviewer' }}
              onFinish={(v) => create.mutate(v)}
            >
              <Form.Item
                name="username"
                label={t('login.username')}
                rules={[
                  { required: true, message: t('form.required') },
                  { pattern: /^[A-Za-z0-9._-]{3,32}$/, message: t('operators.usernameRule') },
                ]}
              >
                <Input autoComplete="off" />
              </Form.Item>
              <Form.Item name="password" label={t('login.password')} rules={passwordRules}>
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              <Form.Item name="role" label={t('operators.role')}>
                <Select options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={create.isPending}>
                {t('operators.createButton')}
              </Button>
            </Form>
          </Card>
        </Col>
      </Row>
      <Modal
        open={pending?.kind === 'password' && newPassword === null}
        title={t('operators.resetPassword')}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onCancel={() => setPending(null)}
        onOk={() => passwordForm.submit()}
        destroyOnHidden
      >
        <Form form={passwordForm} layout="vertical" onFinish={(v) => setNewPassword(v.password)}>
          <Form.Item name="password" label={t('operators.newPassword')} rules={passwordRules}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
      <ReasonModal
        open={pending !== null && (pending.kind !== 'password' || newPassword !== null)}
        title={pending ? t(`operators.confirm.${pending.kind}`, { name: pending.op.username }) : ''}
        required
        busy={change.isPending}
        onCancel={() => {
          setPending(null);
          setNewPassword(null);
        }}
        onSubmit={(reason) =>
          pending && change.mutate({ p: pending, reason, password: newPassword ?? undefined })
        }
      />
    </>
  );
}
