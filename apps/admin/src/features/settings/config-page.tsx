import { admin } from '@kabuto/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Select, Space, Switch, Tag, Typography } from 'antd';
import i18next from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, adminApi } from '../../shared/api';
import { formatAmount, formatTime } from '../../shared/format';
import { errorText } from '../../shared/i18n';
import { ResponsiveTable } from '../../shared/responsive-table';

type Kind = admin.settings.SettingKind;
type Setting = admin.SettingView;
type ChangeBody = admin.AdminBodyOf<typeof admin.settings.change>;

function show(kind: Kind, value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (kind === 'boolean') return i18next.t(value ? 'config.on' : 'config.off');
  if (kind === 'choice') return i18next.t(`config.choices.${String(value)}`);
  if (kind === 'integerList') return (value as number[]).join(', ');
  if (kind === 'money') return formatAmount(String(value));
  if (kind === 'moneyMap')
    return Object.entries(value as Record<string, string>)
      .map(([c, v]) => `${c} ${formatAmount(v)}`)
      .join(' · ');
  return String(value) || '-';
}

/** The form value of a setting → the wire value (integers stay integers, money stays a decimal string). */
function toWire(kind: Kind, raw: Record<string, unknown>): unknown {
  const v = raw.value;
  if (kind === 'integer') return Number(v);
  if (kind === 'integerList')
    return String(v)
      .split(/[,\s]+/)
      .filter(Boolean)
      .map(Number);
  if (kind === 'moneyMap') return raw.map;
  return v;
}

function EditModal({ setting, onClose }: { setting: Setting; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const save = useMutation({
    mutationFn: (body: ChangeBody) => adminApi.call(admin.settings.change, { body }),
    onSuccess: () => {
      message.success(t('common.saved'));
      void queryClient.invalidateQueries({ queryKey: ['config'] });
      onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.field?.startsWith('value'))
        form.setFields([{ name: 'value', errors: [t('config.invalid', { field: e.field })] }]);
      else message.error(e instanceof ApiError ? errorText(e.key) : errorText('network_error'));
    },
  });
  const initial =
    setting.kind === 'moneyMap'
      ? { map: setting.value }
      : { value: setting.kind === 'integerList' ? (setting.value as number[]).join(', ') : setting.value };
  const integerRule = { pattern: /^\d{1,9}$/, message: t('form.integer') };
  return (
    <Modal
      open
      title={t(`config.names.${setting.name}`)}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      width={600}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(raw) =>
          save.mutate({ name: setting.name, value: toWire(setting.kind, raw), reason: raw.reason })
        }
      >
        {setting.kind === 'boolean' && (
          <Form.Item name="value" label={t('config.value')} valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
        {setting.kind === 'choice' && (
          <Form.Item name="value" label={t('config.value')}>
            <Select
              options={(setting.choices ?? []).map((c) => ({ value: c, label: t(`config.choices.${c}`) }))}
            />
          </Form.Item>
        )}
        {(setting.kind === 'text' || setting.kind === 'money') && (
          <Form.Item
            name="value"
            label={t('config.value')}
            rules={
              setting.kind === 'money'
                ? [{ pattern: /^\d{1,15}(\.\d{1,2})?$/, message: t('form.amountInvalid') }]
                : []
            }
          >
            <Input />
          </Form.Item>
        )}
        {setting.kind === 'integer' && (
          <Form.Item
            name="value"
            label={t('config.value')}
            rules={[integerRule]}
            getValueProps={(v) => ({ value: String(v) })}
          >
            <Input inputMode="numeric" />
          </Form.Item>
        )}
        {setting.kind === 'integerList' && (
          <Form.Item
            name="value"
            label={t('config.valueList')}
            rules={[{ pattern: /^\s*\d{1,3}(\s*,\s*\d{1,3})*\s*$/, message: t('form.integerList') }]}
          >
            <Input />
          </Form.Item>
        )}
        {setting.kind === 'moneyMap' &&
          Object.keys(setting.value as Record<string, string>).map((currency) => (
            <Form.Item
              key={currency}
              name={['map', currency]}
              label={currency}
              rules={[
                { required: true, message: t('form.required') },
                { pattern: /^\d{1,15}(\.\d{1,2})?$/, message: t('form.amountInvalid') },
              ]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          ))}
        <Form.Item
          name="reason"
          label={t('common.reason')}
          rules={[{ required: true, whitespace: true, message: t('form.reasonRequired') }]}
        >
          <Input.TextArea rows={2} maxLength={500} data-testid="config-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The configuration of SPEC §10 an operator may change, with validation and the history of changes. */
export function ConfigPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Setting | null>(null);
  const settings = useQuery({ queryKey: ['config'], queryFn: () => adminApi.call(admin.settings.list) });
  const history = useQuery({
    queryKey: ['config', 'history'],
    queryFn: () => adminApi.call(admin.settings.history),
  });
  const kindOf = (name: string) => settings.data?.list.find((s) => s.name === name)?.kind ?? 'text';
  const restore = (s: Setting) => {
    let reason = '';
    modal.confirm({
      title: t('config.restoreTitle', { name: t(`config.names.${s.name}`) }),
      content: (
        <Input.TextArea
          rows={2}
          placeholder={t('common.reason')}
          onChange={(e) => (reason = e.target.value)}
        />
      ),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        if (!reason.trim()) {
          message.error(t('form.reasonRequired'));
          throw new Error('reason');
        }
        await adminApi.call(admin.settings.change, { body: { name: s.name, value: null, reason } });
        void queryClient.invalidateQueries({ queryKey: ['config'] });
      },
    });
  };
  return (
    <>
      <Typography.Title level={3}>{t('menu.config')}</Typography.Title>
      <ResponsiveTable
        rowKey="name"
        size="small"
        loading={settings.isLoading}
        dataSource={settings.data?.list ?? []}
        pagination={false}
        data-testid="config-table"
        columns={[
          {
            title: t('config.setting'),
            dataIndex: 'name',
            width: 320,
            render: (n: string) => (
              <>
                {t(`config.names.${n}`)}
                <br />
                <Typography.Text type="secondary" code>
                  {n}
                </Typography.Text>
              </>
            ),
          },
          {
            title: t('config.value'),
            key: 'value',
            className: 'kb-num',
            render: (_, s) => show(s.kind, s.value),
          },
          {
            title: t('config.default'),
            key: 'default',
            width: 260,
            className: 'kb-num',
            render: (_, s) =>
              s.overridden ? (
                <Typography.Text type="secondary">{show(s.kind, s.default)}</Typography.Text>
              ) : (
                <Tag>{t('config.isDefault')}</Tag>
              ),
          },
          {
            title: '',
            key: 'actions',
            width: 200,
            render: (_, s) => (
              <Space>
                <Button size="small" onClick={() => setEditing(s)} data-testid={`edit-${s.name}`}>
                  {t('common.edit')}
                </Button>
                {s.overridden && (
                  <Button size="small" onClick={() => restore(s)}>
                    {t('config.restore')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Card title={t('config.history')} size="small" style={{ marginTop: 16 }}>
        <ResponsiveTable
          rowKey="id"
          size="small"
          loading={history.isLoading}
          dataSource={history.data?.list ?? []}
          pagination={{ pageSize: 10 }}
          columns={[
            { title: t('common.time'), dataIndex: 'createdAt', render: (v: string | null) => formatTime(v) },
            { title: t('config.setting'), dataIndex: 'name', render: (n: string) => t(`config.names.${n}`) },
            { title: t('config.before'), key: 'before', render: (_, c) => show(kindOf(c.name), c.before) },
            { title: t('config.after'), key: 'after', render: (_, c) => show(kindOf(c.name), c.after) },
            { title: t('common.reason'), dataIndex: 'reason' },
            { title: t('audit.operator'), dataIndex: 'operator' },
          ]}
        />
      </Card>
      {editing && <EditModal setting={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
