import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Input, Row, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api, type Page } from '../../shared/api';
import { formatTime } from '../../shared/format';
import { currentLanguage, errorText } from '../../shared/i18n';
import { I18nFields } from './i18n-fields';

interface NewsItem {
  id: number;
  title: Record<string, string>;
  source: string;
  sample: boolean;
  views: number;
  publishedAt: string;
}

/** News (SPEC §6.6): published in the three languages at once; the investor reads theirs. */
export function NewsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [page, setPage] = useState(1);
  const language = currentLanguage();
  const { data, isLoading } = useQuery({
    queryKey: ['news', page],
    queryFn: () => api.get<Page<NewsItem>>('/news', { page, size: 10 }),
  });
  const publish = useMutation({
    mutationFn: (v: Record<string, unknown>) => api.post('/news', v),
    onSuccess: () => {
      message.success(t('news.published'));
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: ['news'] });
    },
    onError: (e) => message.error(e instanceof ApiError ? errorText(e.key) : errorText('network_error')),
  });
  return (
    <>
      <Typography.Title level={3}>{t('menu.news')}</Typography.Title>
      <Row gutter={16}>
        <Col span={11}>
          <Card title={t('news.publish')} size="small">
            <Form form={form} layout="vertical" onFinish={(v) => publish.mutate(v)} data-testid="news-form">
              <I18nFields
                fields={[
                  { name: 'title', label: t('news.title'), max: 200 },
                  { name: 'summary', label: t('news.summary'), rows: 2, max: 500 },
                  { name: 'body', label: t('news.body'), rows: 6, max: 20_000 },
                ]}
              />
              <Form.Item name="source" label={t('news.source')}>
                <Input maxLength={100} placeholder="Kabuto" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={publish.isPending} data-testid="news-submit">
                {t('news.publishButton')}
              </Button>
            </Form>
          </Card>
        </Col>
        <Col span={13}>
          <Table
            rowKey="id"
            size="small"
            loading={isLoading}
            dataSource={data?.list ?? []}
            pagination={{ current: page, pageSize: 10, total: data?.total ?? 0, onChange: setPage }}
            columns={[
              { title: t('news.publishedAt'), dataIndex: 'publishedAt', render: formatTime, width: 170 },
              {
                title: t('news.title'),
                key: 'title',
                render: (_, r) => (
                  <>
                    {r.title[language] ?? r.title.us}
                    {r.sample && <Tag style={{ marginLeft: 8 }}>{t('news.sample')}</Tag>}
                  </>
                ),
              },
              { title: t('news.source'), dataIndex: 'source' },
              { title: t('news.views'), dataIndex: 'views', className: 'kb-num' },
            ]}
          />
        </Col>
      </Row>
    </>
  );
}
