import { admin } from '@kabuto/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Descriptions, Form, Input, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, adminApi, urlOf } from '../../shared/api';
import { formatTime } from '../../shared/format';
import { errorText } from '../../shared/i18n';
import { humanize, textOr } from '../../shared/labels';
import { ResponsiveTable } from '../../shared/responsive-table';

const hasDetails = (details: unknown) =>
  details !== null && typeof details === 'object' && Object.keys(details).length > 0;

function detailText(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * An entry's details: a change as a field-by-field before / after table, anything else as
 * labelled values.
 */
function EntryDetails({ details }: { details: unknown }) {
  const { t } = useTranslation();
  const d = (details ?? {}) as Record<string, unknown>;
  const before = (d.before ?? {}) as Record<string, unknown>;
  const after = (d.after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const rest = Object.entries(d).filter(([k]) => k !== 'before' && k !== 'after');
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="audit-details">
      {fields.length > 0 && (
        <ResponsiveTable
          size="small"
          pagination={false}
          rowKey="field"
          dataSource={fields.map((field) => ({ field, before: before[field], after: after[field] }))}
          columns={[
            {
              title: t('audit.field'),
              dataIndex: 'field',
              render: (f: string) => textOr(`audit.fields.${f}`, f),
            },
            { title: t('config.before'), dataIndex: 'before', render: detailText },
            { title: t('config.after'), dataIndex: 'after', render: detailText },
          ]}
        />
      )}
      {rest.length > 0 && (
        <Descriptions size="small" column={1} bordered>
          {rest.map(([k, v]) => (
            <Descriptions.Item key={k} label={textOr(`audit.fields.${k}`, humanize(k))}>
              {detailText(v)}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Space>
  );
}

type Filters = admin.AdminInputOf<typeof admin.audit.csv>['query'];

/** The audit log (SPEC §0.6): who, when, what, why, before and after; searchable, exportable, never edited. */
export function AuditPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const { data, isLoading } = useQuery({
    queryKey: ['audit', filters, page],
    queryFn: () => adminApi.call(admin.audit.search, { query: { ...filters, page, size: 20 } }),
  });
  const apply = (v: { q?: string; action?: string; operator?: string; range?: [Dayjs, Dayjs] | null }) => {
    setPage(1);
    setFilters({
      q: v.q?.trim() || undefined,
      action: v.action?.trim() || undefined,
      operator: v.operator?.trim() || undefined,
      from: v.range?.[0]?.startOf('day').toISOString(),
      to: v.range?.[1]?.endOf('day').toISOString(),
    });
  };
  const exportCsv = async () => {
    try {
      const blob = await adminApi.blob(urlOf(admin.audit.csv, { query: filters }));
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = 'audit-log.csv';
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (e) {
      message.error(e instanceof ApiError ? errorText(e.key) : errorText('network_error'));
    }
  };
  return (
    <>
      <Typography.Title level={3}>{t('menu.audit')}</Typography.Title>
      <Form
        layout="inline"
        onFinish={apply}
        style={{ marginBottom: 16, rowGap: 8 }}
        data-testid="audit-filters"
      >
        <Form.Item name="q">
          <Input placeholder={t('audit.search')} allowClear style={{ width: 220 }} data-testid="audit-q" />
        </Form.Item>
        <Form.Item name="action">
          <Input placeholder={t('audit.action')} allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="operator">
          <Input placeholder={t('audit.operator')} allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
          <Button onClick={exportCsv} data-testid="audit-export">
            {t('audit.export')}
          </Button>
        </Space>
      </Form>
      <ResponsiveTable
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={data?.list ?? []}
        data-testid="audit-table"
        pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, onChange: setPage }}
        expandLabel={t('audit.details')}
        expandable={{
          // Only entries that recorded details open; the details are labelled, not raw JSON.
          rowExpandable: (r) => hasDetails(r.details),
          expandedRowRender: (r) => <EntryDetails details={r.details} />,
        }}
        columns={[
          { title: '#', dataIndex: 'id', width: 70 },
          {
            title: t('common.time'),
            dataIndex: 'createdAt',
            render: (v: string | null) => formatTime(v),
            width: 180,
          },
          {
            title: t('audit.operator'),
            dataIndex: 'operator',
            render: (v: string | null) => v ?? t('audit.system'),
          },
          {
            title: t('audit.action'),
            dataIndex: 'action',
            render: (a: string) => <span title={a}>{textOr(`audit.actions.${a}`, a)}</span>,
          },
          {
            title: t('audit.target'),
            key: 'target',
            render: (_, r) => `${textOr(`audit.targets.${r.targetType}`, r.targetType)} ${r.targetId}`,
          },
          { title: t('common.reason'), dataIndex: 'reason', render: (v: string | null) => v ?? '' },
        ]}
      />
    </>
  );
}
