import { admin } from '@kabuto/contract';
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
  Modal,
  Row,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, adminApi } from '../../shared/api';
import { changeColumn, EndModal } from '../../shared/change-actions';
import { formatPrice, formatTime } from '../../shared/format';
import { currentLanguage, errorText } from '../../shared/i18n';
import { ResponsiveTable } from '../../shared/responsive-table';

type BlockProduct = admin.AdminAnswerOf<typeof admin.block.list>['list'][number];

interface CreateForm {
  code: string;
  price: string;
  minLots: number;
  totalLots: number;
  window: [Dayjs, Dayjs];
}

const STATE_COLOR = { upcoming: 'blue', open: 'green', closed: 'default' } as const;

/** Block-trade products (SPEC §6.5, §9 operator role): list a stock at a block price with its quota and window. */
export function BlockPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CreateForm>();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<BlockProduct | null>(null);
  const [closing, setClosing] = useState<BlockProduct | null>(null);
  const { data, isLoading } = useQuery({
    queryKey: ['block-products', page],
    queryFn: () =>
      adminApi.call(admin.block.list, { query: { page, size: 20, language: currentLanguage() } }),
  });
  const create = useMutation({
    mutationFn: (v: CreateForm) =>
      adminApi.call(admin.block.create, {
        body: {
          code: v.code.trim(),
          price: String(v.price).trim(),
          minLots: v.minLots,
          totalLots: v.totalLots,
          startsAt: v.window[0].toISOString(),
          endsAt: v.window[1].toISOString(),
        },
      }),
    onSuccess: () => {
      message.success(t('block.created'));
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: ['block-products'] });
    },
    onError: (e) => {
      if (e instanceof ApiError && e.field) {
        const name = e.field === 'startsAt' || e.field === 'endsAt' ? 'window' : e.field;
        form.setFields([{ name: name as keyof CreateForm, errors: [errorText(e.key)] }]);
      } else message.error(e instanceof ApiError ? errorText(e.key) : errorText('network_error'));
    },
  });
  return (
    <>
      <Typography.Title level={3}>{t('block.list')}</Typography.Title>
      <Row gutter={16}>
        <Col span={8}>
          <Card title={t('block.create')} size="small">
            <Form form={form} layout="vertical" onFinish={(v) => create.mutate(v)} data-testid="block-form">
              <Form.Item name="code" label={t('block.code')} rules={[{ required: true }]}>
                <Input maxLength={16} placeholder="7203" />
              </Form.Item>
              <Form.Item
                name="price"
                label={t('block.price')}
                extra={data ? t('block.band', { percent: data.priceBandPercent }) : undefined}
                rules={[{ required: true, pattern: /^\d{1,12}(\.\d{1,6})?$/ }]}
              >
                <Input inputMode="decimal" data-testid="block-price" />
              </Form.Item>
              <Form.Item name="minLots" label={t('block.minLots')} rules={[{ required: true }]}>
                <InputNumber min={1} precision={0} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="totalLots" label={t('block.totalLots')} rules={[{ required: true }]}>
                <InputNumber min={1} precision={0} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="window" label={t('block.window')} rules={[{ required: true }]}>
                <DatePicker.RangePicker showTime style={{ width: '100%' }} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="block-submit">
                {t('block.submit')}
              </Button>
            </Form>
          </Card>
        </Col>
        <Col span={16}>
          <ResponsiveTable
            rowKey="id"
            size="small"
            loading={isLoading}
            dataSource={data?.list ?? []}
            data-testid="block-table"
            pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, onChange: setPage }}
            columns={[
              { title: '#', dataIndex: 'id', width: 60 },
              {
                title: t('block.name'),
                key: 'name',
                render: (_, r) => (
                  <>
                    {r.name} <Typography.Text type="secondary">{r.code}</Typography.Text>
                  </>
                ),
              },
              { title: t('block.market'), dataIndex: 'market', render: (m: string) => m.toUpperCase() },
              {
                title: t('block.price'),
                key: 'price',
                className: 'kb-num',
                render: (_, r) => `${formatPrice(r.price)} ${r.currency}`,
              },
              {
                title: t('block.marketPrice'),
                dataIndex: 'marketPrice',
                className: 'kb-num',
                render: formatPrice,
              },
              { title: t('block.minLots'), dataIndex: 'minLots', className: 'kb-num' },
              {
                title: t('block.remainingLots'),
                key: 'quota',
                className: 'kb-num',
                render: (_, r) => `${r.remainingLots} / ${r.totalLots}`,
              },
              {
                title: t('block.window'),
                key: 'window',
                render: (_, r) => `${formatTime(r.startsAt, r.market)} – ${formatTime(r.endsAt, r.market)}`,
              },
              {
                title: t('block.state'),
                dataIndex: 'state',
                render: (s: BlockProduct['state']) => (
                  <Tag color={STATE_COLOR[s]}>{t(`block.states.${s}`)}</Tag>
                ),
              },
              {
                title: t('block.applications'),
                key: 'applications',
                render: (_, r) =>
                  (['pending', 'approved', 'rejected'] as const)
                    .filter((s) => r.applications[s])
                    .map((s) => `${t(`reviews.states.${s}`)} ${r.applications[s]}`)
                    .join(' · ') || '-',
              },
              changeColumn<BlockProduct>({
                testId: 'block',
                endId: 'close',
                endLabel: t('block.closeEarly'),
                canChange: (r) => r.state !== 'closed',
                onEdit: setEditing,
                onEnd: setClosing,
              }),
            ]}
          />
        </Col>
      </Row>
      {editing && (
        <EditModal product={editing} bandPercent={data?.priceBandPercent} onClose={() => setEditing(null)} />
      )}
      <EndModal
        call={admin.block.close}
        target={closing}
        title={(p) => t('block.closeTitle', { name: `${p.name} ${p.code}` })}
        done={t('block.closed')}
        queryKey="block-products"
        onClose={() => setClosing(null)}
      />
    </>
  );
}

interface EditForm {
  price: string;
  minLots: number;
  totalLots: number;
  endsAt: Dayjs;
  reason: string;
}

/** Changes a product still open or to come: price, quota, minimum and end, with the reason. */
function EditModal({
  product,
  bandPercent,
  onClose,
}: {
  product: BlockProduct;
  bandPercent: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<EditForm>();
  const save = useMutation({
    mutationFn: (v: EditForm) =>
      adminApi.call(admin.block.update, {
        params: { id: product.id },
        body: {
          price: String(v.price).trim(),
          minLots: v.minLots,
          totalLots: v.totalLots,
          endsAt: v.endsAt.toISOString(),
          reason: v.reason.trim(),
        },
      }),
    onSuccess: () => {
      message.success(t('common.saved'));
      void queryClient.invalidateQueries({ queryKey: ['block-products'] });
      onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.field && e.field !== 'id')
        form.setFields([{ name: e.field as keyof EditForm, errors: [errorText(e.key)] }]);
      else message.error(e instanceof ApiError ? errorText(e.key) : errorText('network_error'));
    },
  });
  return (
    <Modal
      open
      title={t('block.editTitle', { name: `${product.name} ${product.code}` })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'block-edit-ok' } as never}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="block-edit-form"
        initialValues={{
          price: product.price,
          minLots: product.minLots,
          totalLots: product.totalLots,
          endsAt: dayjs(product.endsAt),
        }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item
          name="price"
          label={t('block.price')}
          extra={bandPercent ? t('block.band', { percent: bandPercent }) : undefined}
          rules={[{ required: true, pattern: /^\d{1,12}(\.\d{1,6})?$/, message: t('form.decimal') }]}
        >
          <Input inputMode="decimal" data-testid="block-edit-price" />
        </Form.Item>
        <Form.Item name="minLots" label={t('block.minLots')} rules={[{ required: true }]}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="totalLots" label={t('block.totalLots')} rules={[{ required: true }]}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="endsAt" label={t('block.endsAt')} rules={[{ required: true }]}>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('common.reason')}
          rules={[{ required: true, whitespace: true, message: t('form.reasonRequired') }]}
        >
          <Input.TextArea rows={2} maxLength={500} data-testid="block-edit-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
