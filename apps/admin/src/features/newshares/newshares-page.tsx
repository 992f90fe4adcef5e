import { admin, MARKET_TIMEZONE, MAX_LOTTERY_SAMPLE } from '@kabuto/contract';
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
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, adminApi } from '../../shared/api';
import { EndModal } from '../../shared/change-actions';
import { formatPrice, formatTime } from '../../shared/format';
import { currentLanguage, errorText, LANGUAGES } from '../../shared/i18n';
import { labelOptions, textOr } from '../../shared/labels';
import { showRefusal } from '../../shared/refusal';
import { ResponsiveTable } from '../../shared/responsive-table';

dayjs.extend(utc);
dayjs.extend(timezone);

import { I18nFields } from '../../shared/i18n-fields';

type NewShareRow = admin.AdminAnswerOf<typeof admin.ipo.list>['list'][number];

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

/** A name kept once for every language ("NASDAQ") fills each language's field. */
const byLanguage = (names: Record<string, string> | null, text: string) =>
  Object.fromEntries(LANGUAGES.map((l) => [l, names?.[l] ?? text]));

/** A listed share as the form's values (moments as the market's wall-clock time), to change it. */
export function formValues(share: NewShareRow): Record<string, unknown> {
  const zone = MARKET_TIMEZONE[share.market];
  return {
    code: share.code,
    market: share.market,
    name: share.name,
    sector: share.sector,
    price: share.price.includes('.') ? share.price.replace(/\.?0+$/, '') : share.price,
    provisionalPrice: share.provisionalPrice,
    pe: share.pe ?? undefined,
    leadUnderwriter: byLanguage(share.leadUnderwriterNames, share.leadUnderwriter),
    issueMarket: byLanguage(share.issueMarketNames, share.issueMarket),
    offeredQuantity: share.offeredQuantity,
    minQuantity: share.minQuantity,
    maxQuantity: share.maxQuantity,
    sharesOutstanding: share.sharesOutstanding,
    ...Object.fromEntries(
      MOMENTS.map((m) => [m, dayjs(dayjs(share[m]).tz(zone).format('YYYY-MM-DDTHH:mm:ss'))]),
    ),
  };
}

/** Before its subscription opens a share can still be changed or withdrawn. */
const changeable = (r: NewShareRow) => r.state === 'upcoming' && new Date(r.opensAt).getTime() > Date.now();

function ShareDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: ['newshare', id],
    queryFn: () => adminApi.call(admin.ipo.detail, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
  return (
    <Drawer open={id !== null} onClose={onClose} width="min(720px, 100vw)" title={t('newshares.detail')}>
      {data && (
        <>
          <Descriptions size="small" column={1} bordered>
            {data.draw ? (
              <>
                <Descriptions.Item label={t('newshares.seed')}>{data.draw.seed}</Descriptions.Item>
                <Descriptions.Item label={t('newshares.digest')}>{data.draw.inputsDigest}</Descriptions.Item>
                <Descriptions.Item label={t('newshares.algorithm')}>{data.draw.algorithm}</Descriptions.Item>
                <Descriptions.Item label={t('newshares.lotteryAt')}>
                  {formatTime(data.draw.drawnAt, data.share.market)}
                </Descriptions.Item>
              </>
            ) : (
              <Descriptions.Item label={t('newshares.seed')}>{t('newshares.notDrawn')}</Descriptions.Item>
            )}
          </Descriptions>
          <ResponsiveTable
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
    queryFn: () => adminApi.call(admin.ipo.list, { query: { page, size: 10 } }),
  });
  const { modal } = App.useApp();
  const [languageTab, setLanguageTab] = useState<string>(language);
  const [problems, setProblems] = useState<string[]>([]);
  const [withdrawing, setWithdrawing] = useState<NewShareRow | null>(null);
  /** The share being changed in the form, or null while the form lists a new one. */
  const [editing, setEditing] = useState<NewShareRow | null>(null);
  const market = (Form.useWatch('market', form) ?? 'jpy') as MarketName;
  const zone = t(`newshares.zones.${market}`);
  const list = useMutation({
    mutationFn: ({ id, ...v }: Record<string, unknown>) =>
      // The form's values are checked by the server against the call's body.
      id === undefined
        ? adminApi.send(admin.ipo.create, { body: v })
        : adminApi.send(admin.ipo.update, { params: { id }, body: v }),
    onSuccess: (_, v) => {
      message.success(v.id === undefined ? t('newshares.listed') : t('newshares.changed'));
      form.resetFields();
      setEditing(null);
      setProblems([]);
      void queryClient.invalidateQueries({ queryKey: ['newshares'] });
    },
    onError: (e) => {
      showRefusal(form, message, e);
      if (e instanceof ApiError && e.key === 'not_upcoming') {
        setEditing(null);
        form.resetFields();
        void queryClient.invalidateQueries({ queryKey: ['newshares'] });
      }
    },
  });
  const submit = (v: Record<string, unknown>) => {
    const body: Record<string, unknown> = { ...v };
    for (const m of MOMENTS) body[m] = marketMoment(v[m] as Dayjs, v.market as MarketName);
    if (!body.pe) delete body.pe;
    // A change names the share by its id: its code and market stay what they are.
    if (editing) {
      delete body.code;
      delete body.market;
      body.id = editing.id;
    } else delete body.reason;
    list.mutate(body);
  };
  const startEditing = (share: NewShareRow) => {
    setEditing(share);
    setProblems([]);
    form.resetFields();
    form.setFieldsValue(formValues(share));
  };
  const stopEditing = () => {
    setEditing(null);
    setProblems([]);
    form.resetFields();
  };
  /**
   * Publish: every field checked where it is (a missing language opens its tab and the summary
   * names it), then a confirmation naming the share; only then is it sent.
   */
  const publish = async () => {
    try {
      const values = await form.validateFields();
      setProblems([]);
      const named = { code: values.code, name: (values.name as Record<string, string>)[language] ?? '' };
      modal.confirm({
        title: editing ? t('newshares.confirmEditTitle', named) : t('newshares.confirmTitle'),
        content: editing ? t('newshares.confirmEditText') : t('newshares.confirmText', named),
        okText: editing ? t('newshares.saveChanges') : t('newshares.submit'),
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
    name[0] === 'reason' ? t('common.reason') : t(`newshares.${String(name[0])}`);
  return (
    <>
      <Typography.Title level={3}>{t('menu.newshares')}</Typography.Title>
      <Row gutter={16}>
        <Col span={10}>
          <Card
            title={editing ? t('newshares.editTitle', { code: editing.code }) : t('newshares.list')}
            size="small"
            data-testid="newshare-card"
          >
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
                    <Input maxLength={16} data-testid="newshare-code" disabled={editing !== null} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item name="market" label={t('newshares.market')} rules={[{ required: true }]}>
                    <Select
                      disabled={editing !== null}
                      options={(['jpy', 'usd', 'cny'] as const).map((m) => ({
                        value: m,
                        label: t(`newshares.markets.${m}`),
                      }))}
                    />
                  </Form.Item>
                </Col>
              </Row>
              <I18nFields
                fields={[
                  { name: 'name', label: t('newshares.name'), max: 100 },
                  { name: 'issueMarket', label: t('newshares.issueMarket'), max: 100 },
                  { name: 'leadUnderwriter', label: t('newshares.leadUnderwriter'), max: 100 },
                ]}
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
              {editing && (
                <Form.Item
                  name="reason"
                  label={t('common.reason')}
                  rules={[{ required: true, whitespace: true, message: t('form.reasonRequired') }]}
                >
                  <Input.TextArea rows={2} maxLength={500} data-testid="newshare-reason" />
                </Form.Item>
              )}
              <Space wrap>
                <Button
                  type="primary"
                  onClick={publish}
                  loading={list.isPending}
                  data-testid="newshare-submit"
                >
                  {editing ? t('newshares.saveChanges') : t('newshares.submit')}
                </Button>
                {editing && (
                  <Button onClick={stopEditing} data-testid="newshare-cancel-edit">
                    {t('newshares.cancelEdit')}
                  </Button>
                )}
              </Space>
            </Form>
          </Card>
        </Col>
        <Col span={14}>
          <ResponsiveTable
            rowKey="id"
            size="small"
            loading={isLoading}
            dataSource={data?.list ?? []}
            scroll={{ x: 'max-content' }}
            data-testid="newshare-table"
            onRow={(r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' } })}
            pagination={{ current: page, pageSize: 10, total: data?.total ?? 0, onChange: setPage }}
            columns={[
              // The code and the actions stay in view while the columns between scroll.
              { title: t('newshares.code'), dataIndex: 'code', className: 'kb-num', fixed: 'left' },
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
                // The time carries its zone's label (formatTime); the market's zone is not repeated.
                render: (_, r) => formatTime(r.opensAt, r.market),
              },
              {
                title: t('newshares.closesAt'),
                key: 'closesAt',
                render: (_, r) => formatTime(r.closesAt, r.market),
              },
              {
                title: t('common.actions'),
                key: 'actions',
                fixed: 'right',
                render: (_, r) =>
                  changeable(r) ? (
                    <Space wrap>
                      <Button
                        size="small"
                        data-testid={`newshare-edit-${r.code}`}
                        onClick={(e) => {
                          e.stopPropagation();
                          startEditing(r);
                        }}
                      >
                        {t('common.edit')}
                      </Button>
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
      <EndModal
        call={admin.ipo.withdraw}
        target={withdrawing}
        title={(share) => t('newshares.withdrawTitle', { code: share.code })}
        done={t('newshares.withdrawn')}
        queryKey="newshares"
        onEnded={(share) => {
          if (editing && editing.id === share.id) stopEditing();
        }}
        onClose={() => setWithdrawing(null)}
      />
    </>
  );
}
