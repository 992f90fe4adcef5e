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
  Row,
  Select,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api';
import { changeColumn, EndModal } from '../../shared/change-actions';
import { ChangeModal } from '../../shared/change-modal';
import { formatAmount, formatTime } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { I18nFields } from '../../shared/i18n-fields';
import { label } from '../../shared/labels';
import { showRefusal } from '../../shared/refusal';
import { ResponsiveTable } from '../../shared/responsive-table';

type Names = admin.AdminBodyOf<typeof admin.copy.renameLeader>['names'];
type Leader = admin.CopyLeaderView;
type Product = admin.CopyProductView;

interface ListForm {
  leaderId: number;
  names: Names;
  minAmount: string;
  lockDays: number;
  cutoffAt: Dayjs;
}

type EditForm = {
  names: Names;
  minAmount: string;
  lockDays: number;
  cutoffAt: Dayjs;
};

/** A name from the data in the operator's language, else the one-language text kept beside it. */
const nameIn = (names: Record<string, string> | null, text: string) => names?.[currentLanguage()] || text;
/** The names a change starts from: each language's, else the one-language text. */
const namesOr = (names: Record<string, string> | null, text: string): Names => ({
  cn: names?.cn ?? text,
  us: names?.us ?? text,
  jp: names?.jp ?? text,
});

/** The three fields every product carries, in the listing and the change. */
function ProductFields() {
  const { t } = useTranslation();
  return (
    <>
      <I18nFields fields={[{ name: 'names', label: t('copy.name'), max: 100 }]} />
      <Form.Item
        name="minAmount"
        label={t('copy.minAmount')}
        rules={[{ required: true, pattern: /^\d{1,15}(\.\d{1,2})?$/, message: t('form.amountInvalid') }]}
      >
        <Input inputMode="decimal" data-testid="copy-min-amount" />
      </Form.Item>
      <Form.Item name="lockDays" label={t('copy.lockDays')} rules={[{ required: true }]}>
        <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="cutoffAt" label={t('copy.cutoffAt')} rules={[{ required: true }]}>
        <DatePicker showTime style={{ width: '100%' }} />
      </Form.Item>
    </>
  );
}

/** Changes a product still open: names, minimum, lock-in and cutoff, with the reason. */
function EditModal({ product, onClose }: { product: Product; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ChangeModal<EditForm, typeof admin.copy.update>
      title={t('copy.editTitle', { name: nameIn(product.names, product.name) })}
      testId="copy-edit"
      call={admin.copy.update}
      id={product.id}
      toBody={(v) => ({
        names: v.names,
        minAmount: String(v.minAmount).trim(),
        lockDays: v.lockDays,
        cutoffAt: v.cutoffAt.toISOString(),
      })}
      initialValues={{
        names: namesOr(product.names, product.name),
        minAmount: product.minAmount,
        lockDays: product.lockDays,
        cutoffAt: dayjs(product.cutoffAt),
      }}
      done={t('copy.changed')}
      queryKey="copy"
      goneKey="product_closed"
      onClose={onClose}
    >
      <ProductFields />
    </ChangeModal>
  );
}

/** Renames a leader in the three languages, with the reason. */
function LeaderModal({ leader, onClose }: { leader: Leader; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ChangeModal<{ names: Names }, typeof admin.copy.renameLeader>
      title={t('copy.renameLeaderTitle', { name: nameIn(leader.names, leader.name) })}
      testId="copy-leader"
      call={admin.copy.renameLeader}
      id={leader.id}
      toBody={(v) => ({ names: v.names })}
      initialValues={{ names: namesOr(leader.names, leader.name) }}
      done={t('copy.leaderRenamed')}
      queryKey="copy"
      goneKey="not_found"
      onClose={onClose}
    >
      <I18nFields fields={[{ name: 'names', label: t('copy.leader'), max: 100 }]} />
    </ChangeModal>
  );
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
  const [editing, setEditing] = useState<Product | null>(null);
  const [closing, setClosing] = useState<Product | null>(null);
  const [renaming, setRenaming] = useState<Leader | null>(null);
  const leaders = useQuery({
    queryKey: ['copy', 'leaders'],
    queryFn: () => adminApi.call(admin.copy.leaders),
  });
  const products = useQuery({
    queryKey: ['copy', 'products'],
    queryFn: () => adminApi.call(admin.copy.products),
  });
  const list = useMutation({
    mutationFn: (v: ListForm) =>
      adminApi.call(admin.copy.create, {
        body: {
          leaderId: v.leaderId,
          names: v.names,
          minAmount: String(v.minAmount).trim(),
          lockDays: v.lockDays,
          cutoffAt: v.cutoffAt.toISOString(),
        },
      }),
    onSuccess: () => {
      message.success(t('copy.listed'));
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: ['copy'] });
    },
    onError: (e) => showRefusal(form, message, e),
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
                    label: `${nameIn(l.names, l.name)} (${label('strategy', l.strategy)})`,
                  }))}
                />
              </Form.Item>
              <ProductFields />
              <Button type="primary" htmlType="submit" loading={list.isPending} data-testid="copy-submit">
                {t('copy.submit')}
              </Button>
            </Form>
          </Card>
        </Col>
        <Col span={15}>
          <Card title={t('copy.products')} size="small" style={{ marginBottom: 16 }}>
            <ResponsiveTable
              rowKey="id"
              size="small"
              loading={products.isLoading}
              dataSource={products.data?.list ?? []}
              pagination={false}
              data-testid="copy-products"
              columns={[
                { title: t('copy.name'), key: 'name', render: (_, r) => nameIn(r.names, r.name) },
                { title: t('copy.leader'), key: 'leader', render: (_, r) => nameIn(r.leaderNames, r.leader) },
                {
                  title: t('copy.state'),
                  key: 'state',
                  render: (_, r) => (
                    <Tag color={r.open ? 'green' : 'default'}>
                      {t(`copy.states.${r.open ? 'open' : 'closed'}`)}
                    </Tag>
                  ),
                },
                {
                  title: t('copy.minAmount'),
                  key: 'min',
                  className: 'kb-num',
                  render: (_, r) => `${formatAmount(r.minAmount)} ${r.currency}`,
                },
                { title: t('copy.lockDays'), dataIndex: 'lockDays', className: 'kb-num' },
                {
                  title: t('copy.cutoffAt'),
                  dataIndex: 'cutoffAt',
                  render: (v: string, r) => formatTime(v, r.currency),
                },
                { title: t('copy.followers'), dataIndex: 'followers', className: 'kb-num' },
                changeColumn<Product>({
                  testId: 'copy',
                  endId: 'close',
                  endLabel: t('copy.close'),
                  canChange: (r) => r.open,
                  onEdit: setEditing,
                  onEnd: setClosing,
                }),
              ]}
            />
          </Card>
          <Card title={t('copy.leaders')} size="small">
            <ResponsiveTable
              rowKey="id"
              size="small"
              loading={leaders.isLoading}
              dataSource={leaders.data?.list ?? []}
              pagination={false}
              columns={[
                { title: t('copy.leader'), key: 'name', render: (_, r) => nameIn(r.names, r.name) },
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
                {
                  title: t('copy.liveFrom'),
                  dataIndex: 'liveFrom',
                  render: (v: string | null, r) => formatTime(v, r.market),
                },
                {
                  title: t('common.actions'),
                  key: 'actions',
                  render: (_, r) => (
                    <Button
                      size="small"
                      onClick={() => setRenaming(r)}
                      data-testid={`copy-leader-edit-${r.id}`}
                    >
                      {t('copy.renameLeader')}
                    </Button>
                  ),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
      {editing && <EditModal product={editing} onClose={() => setEditing(null)} />}
      {renaming && <LeaderModal leader={renaming} onClose={() => setRenaming(null)} />}
      <EndModal
        call={admin.copy.close}
        target={closing}
        title={(p) => t('copy.closeTitle', { name: nameIn(p.names, p.name) })}
        done={t('copy.closed')}
        queryKey="copy"
        onClose={() => setClosing(null)}
      />
    </>
  );
}
