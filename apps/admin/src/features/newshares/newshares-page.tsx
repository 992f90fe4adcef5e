import { MAX_LOTTERY_SAMPLE } from '@kabuto/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api, type Page } from '../../shared/api';
import { formatTime } from '../../shared/format';
import { currentLanguage, errorText } from '../../shared/i18n';
import { I18nFields } from '../content/i18n-fields';

interface NewShareRow {
  id: number;
  code: string;
  market: 'jpy' | 'usd' | 'cny';
  currency: string;
  name: Record<string, string>;
  state: 'upcoming' | 'subscribing' | 'closed' | 'listed';
  price: string;
  offeredQuantity: number;
  minQuantity: number;
  maxQuantity: number;
  opensAt: string;
  closesAt: string;
  lotteryAt: string;
  payUntil: string;
  listsAt: string;
  firstPrice: string | null;
  applications: number;
  appliedQuantity: number;
}

interface Detail {
  share: NewShareRow;
  subscriptions: Array<{
    id: number;
    orderNo: string;
    account: string;
    quantity: number;
    amount: string;
    wonQuantity: number;
    frozen: string;
    state: string;
  }>;
  draw: {
    seed: string;
    inputsDigest: string;
    algorithm: string;
    applications: number;
    winners: number;
    drawnAt: string;
  } | null;
}

const SECTORS = [
  'machinery',
  'services',
  'pharma',
  'semiconductors',
  'electronics',
  'retail',
  'chemicals',
  'telecom',
  'banks',
];
const MOMENTS = ['opensAt', 'closesAt', 'lotteryAt', 'payUntil', 'listsAt'] as const;
const QUANTITIES = ['offeredQuantity', 'minQuantity', 'maxQuantity', 'sharesOutstanding'] as const;

function ShareDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: ['newshare', id],
    queryFn: () => api.get<Detail>(`/newshares/${id}`),
    enabled: id !== null,
  });
  return (
    <Drawer open={id !== null} onClose={onClose} width={720} title={t('newshares.detail')}>
      {data && (
        <>
          <Descriptions size="small" column={1} bordered>
            {data.draw ? (
              <>
                <Descriptions.Item label={t('newshares.seed')}>{data.draw.seed}</Descriptions.Item>
                <Descriptions.Item label={t('newshares.digest')}>{data.draw.inputsDigest}</Descriptions.Item>
                <Descriptions.Item label={t('newshares.algorithm')}>{data.draw.algorithm}</Descriptions.Item>
                <Descriptions.Item label={t('newshares.lotteryAt')}>
                  {formatTime(data.draw.drawnAt)}
                </Descriptions.Item>
              </>
            ) : (
              <Descriptions.Item label={t('newshares.seed')}>{t('newshares.notDrawn')}</Descriptions.Item>
            )}
          </Descriptions>
          <Table
            style={{ marginTop: 16 }}
            rowKey="id"
            size="small"
            dataSource={data.subscriptions}
            pagination={{ pageSize: 20 }}
            columns={[
              { title: t('newshares.account'), dataIndex: 'account' },
              { title: t('newshares.quantity'), dataIndex: 'quantity', className: 'kb-num' },
              { title: t('newshares.won'), dataIndex: 'wonQuantity', className: 'kb-num' },
              { title: t('newshares.frozen'), dataIndex: 'frozen', className: 'kb-num' },
              { title: t('newshares.state'), dataIndex: 'state' },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}

/** The units offered (offered ÷ minimum) may not pass what one draw samples (the server refuses it too). */
const withinDrawLimit = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
  validator: (_: unknown, offered: unknown) => {
    const min = getFieldValue('minQuantity');
    return typeof offered === 'number' &&
      typeof min === 'number' &&
      min > 0 &&
      Math.floor(offered / min) > MAX_LOTTERY_SAMPLE
      ? Promise.reject(new Error(errorText('offer_above_draw_limit')))
      : Promise.resolve();
  },
});

/** New shares (SPEC §6.5, §9 operator role): list one with its fields and moments; see subscriptions and the draw. */
export function NewSharesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const language = currentLanguage();
  const { data, isLoading } = useQuery({
    queryKey: ['newshares', page],
    queryFn: () => api.get<Page<NewShareRow>>('/newshares', { page, size: 10 }),
  });
  const list = useMutation({
    mutationFn: (v: Record<string, unknown>) => api.post('/newshares', v),
    onSuccess: () => {
      message.success(t('newshares.listed'));
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: ['newshares'] });
    },
    onError: (e) =>
      message.error(
        e instanceof ApiError
          ? `${errorText(e.key)}${e.field ? ` (${e.field})` : ''}`
          : errorText('network_error'),
      ),
  });
  const submit = (v: Record<string, unknown>) => {
    const body: Record<string, unknown> = { ...v };
    for (const m of MOMENTS) body[m] = (v[m] as Dayjs).toISOString();
    if (!body.pe) delete body.pe;
    list.mutate(body);
  };
  return (
    <>
      <Typography.Title level={3}>{t('menu.newshares')}</Typography.Title>
      <Row gutter={16}>
        <Col span={10}>
          <Card title={t('newshares.list')} size="small">
            <Form
              form={form}
              layout="vertical"
              onFinish={submit}
              initialValues={{ market: 'jpy', sector: 'services' }}
              data-testid="newshare-form"
            >
              <Row gutter={8}>
                <Col span={12}>
                  <Form.Item
                    name="code"
                    label={t('newshares.code')}
                    rules={[{ required: true, pattern: /^[A-Za-z0-9.]{1,16}$/ }]}
                  >
                    <Input maxLength={16} data-testid="newshare-code" />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item name="market" label={t('newshares.market')} rules={[{ required: true }]}>
                    <Select
                      options={['jpy', 'usd', 'cny'].map((m) => ({ value: m, label: m.toUpperCase() }))}
                    />
                  </Form.Item>
                </Col>
              </Row>
              <I18nFields fields={[{ name: 'name', label: t('newshares.name'), max: 100 }]} />
              <Row gutter={8}>
                <Col span={12}>
                  <Form.Item name="sector" label={t('newshares.sector')} rules={[{ required: true }]}>
                    <Select options={SECTORS.map((s) => ({ value: s, label: s }))} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    name="price"
                    label={t('newshares.price')}
                    rules={[{ required: true, pattern: /^[0-9]{1,12}(\.[0-9]{1,6})?$/ }]}
                  >
                    <Input data-testid="newshare-price" />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    name="provisionalPrice"
                    label={t('newshares.provisionalPrice')}
                    rules={[{ required: true }]}
                  >
                    <Input maxLength={100} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    name="pe"
                    label={t('newshares.pe')}
                    rules={[{ pattern: /^[0-9]{1,12}(\.[0-9]{1,6})?$/ }]}
                  >
                    <Input />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    name="leadUnderwriter"
                    label={t('newshares.leadUnderwriter')}
                    rules={[{ required: true }]}
                  >
                    <Input maxLength={100} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    name="issueMarket"
                    label={t('newshares.issueMarket')}
                    rules={[{ required: true }]}
                  >
                    <Input maxLength={100} />
                  </Form.Item>
                </Col>
                {QUANTITIES.map((q) => (
                  <Col span={12} key={q}>
                    <Form.Item
                      name={q}
                      label={t(`newshares.${q}`)}
                      rules={
                        q === 'offeredQuantity' ? [{ required: true }, withinDrawLimit] : [{ required: true }]
                      }
                      {...(q === 'offeredQuantity' ? { dependencies: ['minQuantity'] } : {})}
                    >
                      <InputNumber min={1} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                ))}
                {MOMENTS.map((m) => (
                  <Col span={12} key={m}>
                    <Form.Item name={m} label={t(`newshares.${m}`)} rules={[{ required: true }]}>
                      <DatePicker showTime style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                ))}
              </Row>
              <Button type="primary" htmlType="submit" loading={list.isPending} data-testid="newshare-submit">
                {t('newshares.submit')}
              </Button>
            </Form>
          </Card>
        </Col>
        <Col span={14}>
          <Table
            rowKey="id"
            size="small"
            loading={isLoading}
            dataSource={data?.list ?? []}
            onRow={(r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' } })}
            pagination={{ current: page, pageSize: 10, total: data?.total ?? 0, onChange: setPage }}
            columns={[
              { title: t('newshares.code'), dataIndex: 'code', className: 'kb-num' },
              { title: t('newshares.name'), key: 'name', render: (_, r) => r.name[language] ?? r.name.us },
              {
                title: t('newshares.state'),
                dataIndex: 'state',
                render: (s: NewShareRow['state']) => <Tag>{t(`newshares.states.${s}`)}</Tag>,
              },
              { title: t('newshares.price'), key: 'price', render: (_, r) => `${r.price} ${r.currency}` },
              { title: t('newshares.offeredQuantity'), dataIndex: 'offeredQuantity', className: 'kb-num' },
              { title: t('newshares.applications'), dataIndex: 'applications', className: 'kb-num' },
              { title: t('newshares.appliedQuantity'), dataIndex: 'appliedQuantity', className: 'kb-num' },
              { title: t('newshares.closesAt'), dataIndex: 'closesAt', render: formatTime },
              { title: t('newshares.listsAt'), dataIndex: 'listsAt', render: formatTime },
            ]}
          />
        </Col>
      </Row>
      <ShareDetail id={open} onClose={() => setOpen(null)} />
    </>
  );
}
