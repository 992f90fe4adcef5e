import { MARKET_TIMEZONE, MAX_LOTTERY_SAMPLE } from '@kabuto/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
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
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api, type Page } from '../../shared/api';
import { formatPrice, formatTimeIn } from '../../shared/format';
import { currentLanguage, errorText, LANGUAGES } from '../../shared/i18n';
import { labelOptions, textOr } from '../../shared/labels';
import { ReasonModal } from '../../shared/reason-modal';

dayjs.extend(utc);
dayjs.extend(timezone);

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

const MOMENTS = ['opensAt', 'closesAt', 'lotteryAt', 'payUntil', 'listsAt'] as const;
const QUANTITIES = ['offeredQuantity', 'minQuantity', 'maxQuantity', 'sharesOutstanding'] as const;
type MarketName = NewShareRow['market'];

/**
 * A moment typed as the market's wall-clock time (what the picker shows is read in the market's
 * zone, whatever the browser's), as the instant the server stores.
 */
export function marketMoment(value: Dayjs, market: MarketName): string {
  return dayjs.tz(value.format('YYYY-MM-DDTHH:mm:ss'), MARKET_TIMEZONE[market]).toISOString();
}

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
                  {formatTimeIn(data.draw.drawnAt, MARKET_TIMEZONE[data.share.market])}
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
              {
                title: t('newshares.state'),
                dataIndex: 'state',
                render: (v: string) => textOr(`newshares.subscriptionStates.${v}`, v),
              },
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
  const { modal } = App.useApp();
  const [languageTab, setLanguageTab] = useState<string>(language);
  const [problems, setProblems] = useState<string[]>([]);
  const [withdrawing, setWithdrawing] = useState<NewShareRow | null>(null);
  const market = (Form.useWatch('market', form) ?? 'jpy') as MarketName;
  const zone = t(`newshares.zones.${market}`);
  const list = useMutation({
    mutationFn: (v: Record<string, unknown>) => api.post('/newshares', v),
    onSuccess: () => {
      message.success(t('newshares.listed'));
      form.resetFields();
      setProblems([]);
      void queryClient.invalidateQueries({ queryKey: ['newshares'] });
    },
    onError: (e) => {
      // A refusal naming a field is shown at that field; others as a message.
      if (
        e instanceof ApiError &&
        e.field &&
        form.getFieldInstance(e.field.split('.') as never) !== undefined
      )
        form.setFields([{ name: e.field.split('.') as never, errors: [errorText(e.key)] }]);
      else if (e instanceof ApiError && e.field)
        form.setFields([{ name: e.field as never, errors: [errorText(e.key)] }]);
      else message.error(e instanceof ApiError ? errorText(e.key) : errorText('network_error'));
    },
  });
  const withdraw = useMutation({
    mutationFn: ({ share, reason }: { share: NewShareRow; reason: string }) =>
      api.post(`/newshares/${share.id}/withdraw`, { reason }),
    onSuccess: () => {
      message.success(t('newshares.withdrawn'));
      setWithdrawing(null);
      void queryClient.invalidateQueries({ queryKey: ['newshares'] });
    },
    onError: (e) => message.error(e instanceof ApiError ? errorText(e.key) : errorText('network_error')),
  });
  const submit = (v: Record<string, unknown>) => {
    const body: Record<string, unknown> = { ...v };
    for (const m of MOMENTS) body[m] = marketMoment(v[m] as Dayjs, v.market as MarketName);
    if (!body.pe) delete body.pe;
    list.mutate(body);
  };
  /**
   * Publish: every field checked where it is (a missing language opens its tab and the summary
   * names it), then a confirmation naming the share; only then is it sent.
   */
  const publish = async () => {
    try {
      const values = await form.validateFields();
      setProblems([]);
      modal.confirm({
        title: t('newshares.confirmTitle'),
        content: t('newshares.confirmText', {
          code: values.code,
          name: (values.name as Record<string, string>)[language] ?? '',
        }),
        okText: t('newshares.submit'),
        cancelText: t('common.cancel'),
        okButtonProps: { 'data-testid': 'newshare-confirm' } as never,
        onOk: () => submit(values),
      });
    } catch (error) {
      const fields = (error as { errorFields?: Array<{ name: Array<string | number>; errors: string[] }> })
        .errorFields;
      if (!fields) return;
      const inLanguage = fields.find((f) => LANGUAGES.includes(f.name[1] as never));
      if (inLanguage) setLanguageTab(String(inLanguage.name[1]));
      setProblems(fields.flatMap((f) => f.errors.map((e) => `${fieldLabel(f.name)}: ${e}`)));
    }
  };
  const fieldLabel = (name: Array<string | number>) =>
    name[0] === 'name' ? t('newshares.name') : t(`newshares.${String(name[0])}`);
  return (
    <>
      <Typography.Title level={3}>{t('menu.newshares')}</Typography.Title>
      <Row gutter={16}>
        <Col span={10}>
          <Card title={t('newshares.list')} size="small">
            <Form
              form={form}
              layout="vertical"
              initialValues={{ market: 'jpy', sector: 'services' }}
              data-testid="newshare-form"
              // Enter never publishes (a date typed and confirmed with Enter, a number): only the
              // button does, after its confirmation.
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.target as HTMLElement).tagName !== 'TEXTAREA') e.preventDefault();
              }}
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
                      options={(['jpy', 'usd', 'cny'] as const).map((m) => ({
                        value: m,
                        label: t(`newshares.markets.${m}`),
                      }))}
                    />
                  </Form.Item>
                </Col>
              </Row>
              <I18nFields
                fields={[{ name: 'name', label: t('newshares.name'), max: 100 }]}
                activeKey={languageTab}
                onChange={setLanguageTab}
              />
              <Row gutter={8}>
                <Col span={12}>
                  <Form.Item name="sector" label={t('newshares.sector')} rules={[{ required: true }]}>
                    <Select options={labelOptions('sector').filter((o) => o.value !== 'index')} />
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
                    <Form.Item
                      name={m}
                      label={`${t(`newshares.${m}`)} (${zone})`}
                      rules={[{ required: true, message: t('form.required') }]}
                    >
                      <DatePicker showTime style={{ width: '100%' }} data-testid={`newshare-${m}`} />
                    </Form.Item>
                  </Col>
                ))}
              </Row>
              {problems.length > 0 && (
                <Alert
                  type="error"
                  showIcon
                  style={{ marginBottom: 12 }}
                  data-testid="newshare-problems"
                  message={t('newshares.problems')}
                  description={
                    <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                      {problems.map((p) => (
                        <li key={p}>{p}</li>
                      ))}
                    </ul>
                  }
                />
              )}
              <Button type="primary" onClick={publish} loading={list.isPending} data-testid="newshare-submit">
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
            scroll={{ x: 'max-content' }}
            data-testid="newshare-table"
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
              {
                title: t('newshares.price'),
                key: 'price',
                render: (_, r) => `${formatPrice(r.price)} ${r.currency}`,
              },
              { title: t('newshares.offeredQuantity'), dataIndex: 'offeredQuantity', className: 'kb-num' },
              { title: t('newshares.applications'), dataIndex: 'applications', className: 'kb-num' },
              { title: t('newshares.appliedQuantity'), dataIndex: 'appliedQuantity', className: 'kb-num' },
              {
                title: t('newshares.opensAt'),
                key: 'opensAt',
                render: (_, r) => (
                  <>
                    {formatTimeIn(r.opensAt, MARKET_TIMEZONE[r.market])}
                    <br />
                    <Typography.Text type="secondary">{t(`newshares.zones.${r.market}`)}</Typography.Text>
                  </>
                ),
              },
              {
                title: t('newshares.closesAt'),
                key: 'closesAt',
                render: (_, r) => formatTimeIn(r.closesAt, MARKET_TIMEZONE[r.market]),
              },
              {
                title: t('common.actions'),
                key: 'actions',
                render: (_, r) =>
                  r.state === 'upcoming' && new Date(r.opensAt).getTime() > Date.now() ? (
                    <Space>
                      <Button
                        size="small"
                        danger
                        data-testid={`newshare-withdraw-${r.code}`}
                        onClick={(e) => {
                          e.stopPropagation();
                          setWithdrawing(r);
                        }}
                      >
                        {t('newshares.withdraw')}
                      </Button>
                    </Space>
                  ) : null,
              },
            ]}
          />
        </Col>
      </Row>
      <ShareDetail id={open} onClose={() => setOpen(null)} />
      <ReasonModal
        open={withdrawing !== null}
        title={withdrawing ? t('newshares.withdrawTitle', { code: withdrawing.code }) : ''}
        required
        danger
        busy={withdraw.isPending}
        onCancel={() => setWithdrawing(null)}
        onSubmit={(reason) => withdrawing && withdraw.mutate({ share: withdrawing, reason })}
      />
    </>
  );
}
