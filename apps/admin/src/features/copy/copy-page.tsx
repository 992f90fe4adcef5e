import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Table,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../shared/api';
import { formatAmount, formatTime } from '../../shared/format';
import { errorText } from '../../shared/i18n';
import { label } from '../../shared/labels';

interface Leader {
  id: number;
  name: string;
  strategy: string;
  market: string;
  currency: string;
  codes: string[];
  equity: string;
  liveFrom: string | null;
  days: number;
  totalReturn: string;
  maxDrawdown: string;
}

interface Product {
  id: number;
  name: string;
  leaderId: number;
  leader: string;
  currency: string;
  minAmount: string;
  lockDays: number;
  cutoffAt: string;
  followers: number;
  createdAt: string;
}

interface ListForm {
  leaderId: number;
  name: string;
  minAmount: string;
  lockDays: number;
  cutoffAt: Dayjs;
}

const percent = (fraction: string) => `${(Number(fraction) * 100).toFixed(2)}%`;

/**
 * Copy products (SPEC §9 operator role, §6.5): the leaders with their computed record, the
 * products listed on them, and listing one (name, minimum, lock-in days, cutoff). No field sets
 * a return: figures come from the leader's fills (SPEC §0.1, §0.5).
 */
export function CopyPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ListForm>();
  const leaders = useQuery({
    queryKey: ['copy', 'leaders'],
    queryFn: () => api.get<{ list: Leader[] }>('/copy/leaders'),
  });
  const products = useQuery({
    queryKey: ['copy', 'products'],
    queryFn: () => api.get<{ list: Product[] }>('/copy/products'),
  });
  const list = useMutation({
    mutationFn: (v: ListForm) =>
      api.post('/copy/products', {
        leaderId: v.leaderId,
        name: v.name,
        minAmount: v.minAmount,
        lockDays: v.lockDays,
        cutoffAt: v.cutoffAt.toISOString(),
      }),
    onSuccess: () => {
      message.success(t('copy.listed'));
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: ['copy'] });
    },
    onError: (e) => message.error(e instanceof ApiError ? errorText(e.key) : errorText('network_error')),
  });
  return (
    <>
      <Typography.Title level={3}>{t('menu.copy')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('copy.note')}</Typography.Paragraph>
      <Row gutter={16}>
        <Col span={9}>
          <Card title={t('copy.list')} size="small">
            <Form form={form} layout="vertical" onFinish={(v) => list.mutate(v)} data-testid="copy-form">
              <Form.Item name="leaderId" label={t('copy.leader')} rules={[{ required: true }]}>
                <Select
                  options={(leaders.data?.list ?? []).map((l) => ({
                    value: l.id,
                    label: `${l.name} (${label('strategy', l.strategy)})`,
                  }))}
                />
              </Form.Item>
              <Form.Item name="name" label={t('copy.name')} rules={[{ required: true, max: 100 }]}>
                <Input maxLength={100} />
              </Form.Item>
              <Form.Item
                name="minAmount"
                label={t('copy.minAmount')}
                rules={[{ required: true, pattern: /^\d{1,15}(\.\d{1,2})?$/ }]}
              >
                <Input inputMode="decimal" />
              </Form.Item>
              <Form.Item name="lockDays" label={t('copy.lockDays')} rules={[{ required: true }]}>
                <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="cutoffAt" label={t('copy.cutoffAt')} rules={[{ required: true }]}>
                <DatePicker showTime style={{ width: '100%' }} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={list.isPending} data-testid="copy-submit">
                {t('copy.submit')}
              </Button>
            </Form>
          </Card>
        </Col>
        <Col span={15}>
          <Card title={t('copy.products')} size="small" style={{ marginBottom: 16 }}>
            <Table
              rowKey="id"
              size="small"
              loading={products.isLoading}
              dataSource={products.data?.list ?? []}
              pagination={false}
              columns={[
                { title: t('copy.name'), dataIndex: 'name' },
                { title: t('copy.leader'), dataIndex: 'leader' },
                {
                  title: t('copy.minAmount'),
                  key: 'min',
                  className: 'kb-num',
                  render: (_, r) => `${formatAmount(r.minAmount)} ${r.currency}`,
                },
                { title: t('copy.lockDays'), dataIndex: 'lockDays', className: 'kb-num' },
                { title: t('copy.cutoffAt'), dataIndex: 'cutoffAt', render: formatTime },
                { title: t('copy.followers'), dataIndex: 'followers', className: 'kb-num' },
              ]}
            />
          </Card>
          <Card title={t('copy.leaders')} size="small">
            <Table
              rowKey="id"
              size="small"
              loading={leaders.isLoading}
              dataSource={leaders.data?.list ?? []}
              pagination={false}
              columns={[
                { title: t('copy.leader'), dataIndex: 'name' },
                {
                  title: t('copy.strategy'),
                  dataIndex: 'strategy',
                  render: (v: string) => label('strategy', v),
                },
                {
                  title: t('copy.equity'),
                  key: 'equity',
                  className: 'kb-num',
                  render: (_, r) => `${formatAmount(r.equity)} ${r.currency}`,
                },
                {
                  title: t('copy.totalReturn'),
                  key: 'tr',
                  className: 'kb-num',
                  render: (_, r) => percent(r.totalReturn),
                },
                {
                  title: t('copy.maxDrawdown'),
                  key: 'dd',
                  className: 'kb-num',
                  render: (_, r) => percent(r.maxDrawdown),
                },
                { title: t('copy.liveFrom'), dataIndex: 'liveFrom', render: formatTime },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
