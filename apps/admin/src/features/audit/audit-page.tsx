import { useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, Space, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api, type Page } from '../../shared/api';
import { formatTime } from '../../shared/format';
import { errorText } from '../../shared/i18n';

interface Entry {
  id: number;
  operator: string | null;
  action: string;
  targetType: string;
  targetId: string;
  reason: string | null;
  details: unknown;
  createdAt: string;
}
interface Filters {
  q?: string;
  action?: string;
  operator?: string;
  from?: string;
  to?: string;
}

/** The audit log (SPEC §0.6): who, when, what, why, before and after; searchable, exportable, never edited. */
export function AuditPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const { data, isLoading } = useQuery({
    queryKey: ['audit', filters, page],
    queryFn: () => api.get<Page<Entry>>('/audit', { ...filters, page, size: 20 }),
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
      const params = new URLSearchParams(
        Object.entries(filters).filter(([, v]) => v) as Array<[string, string]>,
      );
      const blob = await api.blob(`/audit.csv?${params.toString()}`);
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
      <Table
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={data?.list ?? []}
        data-testid="audit-table"
        pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, onChange: setPage }}
        expandable={{
          expandedRowRender: (r) => (
            <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{JSON.stringify(r.details, null, 2)}</pre>
          ),
        }}
        columns={[
          { title: '#', dataIndex: 'id', width: 70 },
          { title: t('common.time'), dataIndex: 'createdAt', render: formatTime, width: 180 },
          {
            title: t('audit.operator'),
            dataIndex: 'operator',
            render: (v: string | null) => v ?? t('audit.system'),
          },
          {
            title: t('audit.action'),
            dataIndex: 'action',
            render: (a: string) => (
              <>
                {t(`audit.actions.${a}`, { defaultValue: a })}
                <br />
                <Typography.Text type="secondary" code>
                  {a}
                </Typography.Text>
              </>
            ),
          },
          { title: t('audit.target'), key: 'target', render: (_, r) => `${r.targetType} ${r.targetId}` },
          { title: t('common.reason'), dataIndex: 'reason', render: (v: string | null) => v ?? '' },
        ]}
      />
    </>
  );
}
