import { admin } from '@kabuto/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Row, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api';
import { changeColumn, EndModal } from '../../shared/change-actions';
import { ChangeModal } from '../../shared/change-modal';
import { formatTime } from '../../shared/format';
import { currentLanguage, LANGUAGES } from '../../shared/i18n';
import { I18nFields } from '../../shared/i18n-fields';
import { showRefusal } from '../../shared/refusal';
import { ResponsiveTable } from '../../shared/responsive-table';

export type NewsItem = admin.AdminNewsView;

type NewsForm = Required<Pick<admin.NewsInput, 'title' | 'summary' | 'body' | 'sourceNames'>>;

/** The source an article starts with, in every language. */
const HOUSE_SOURCE = { cn: 'Kabuto', us: 'Kabuto', jp: 'Kabuto' };

/** The texts of an article in the three languages (title, summary, text and source). */
function NewsFields({ activeKey, onChange }: { activeKey?: string; onChange?: (language: string) => void }) {
  const { t } = useTranslation();
  return (
    <I18nFields
      fields={[
        { name: 'title', label: t('news.title'), max: 200 },
        { name: 'summary', label: t('news.summary'), rows: 2, max: 500 },
        { name: 'body', label: t('news.body'), rows: 6, max: 20_000 },
        { name: 'sourceNames', label: t('news.source'), max: 100 },
      ]}
      {...(activeKey ? { activeKey } : {})}
      {...(onChange ? { onChange } : {})}
    />
  );
}

/** Opens the tab of the first language with a field in error, so the error is seen where it is. */
function useLanguageTab() {
  const [tab, setTab] = useState<string>(currentLanguage());
  const onFailed = ({ errorFields }: { errorFields: Array<{ name: Array<string | number> }> }) => {
    const inLanguage = errorFields.find((f) => LANGUAGES.includes(f.name[1] as never));
    if (inLanguage) setTab(String(inLanguage.name[1]));
  };
  return { tab, setTab, onFailed };
}

/** Changes a published article, with the reason (audited). */
function EditModal({ item, onClose }: { item: NewsItem; onClose: () => void }) {
  const { t } = useTranslation();
  const { tab, setTab, onFailed } = useLanguageTab();
  return (
    <ChangeModal<NewsForm, typeof admin.content.newsEdit>
      title={t('news.editTitle')}
      testId="news-edit"
      call={admin.content.newsEdit}
      id={item.id}
      toBody={(v) => ({ ...v })}
      initialValues={{
        title: item.title,
        summary: item.summary,
        body: item.body,
        sourceNames: item.sourceNames ?? { cn: item.source, us: item.source, jp: item.source },
      }}
      done={t('news.changed')}
      queryKey="news"
      goneKey="news_unpublished"
      width={720}
      onFinishFailed={onFailed}
      onClose={onClose}
    >
      <NewsFields activeKey={tab} onChange={setTab} />
    </ChangeModal>
  );
}

/** News (SPEC §6.6): published in the three languages at once; the investor reads theirs. */
export function NewsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<NewsForm>();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<NewsItem | null>(null);
  const [unpublishing, setUnpublishing] = useState<NewsItem | null>(null);
  const { tab, setTab, onFailed } = useLanguageTab();
  const language = currentLanguage();
  const { data, isLoading } = useQuery({
    queryKey: ['news', page],
    queryFn: () => adminApi.call(admin.content.newsList, { query: { page, size: 10 } }),
  });
  const publish = useMutation({
    mutationFn: (v: NewsForm) => adminApi.call(admin.content.newsPublish, { body: v }),
    onSuccess: () => {
      message.success(t('news.published'));
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: ['news'] });
    },
    onError: (e) => showRefusal(form, message, e),
  });
  const titleOf = (item: NewsItem) => item.title[language] ?? item.title.us;
  return (
    <>
      <Typography.Title level={3}>{t('menu.news')}</Typography.Title>
      <Row gutter={16}>
        <Col span={11}>
          <Card title={t('news.publish')} size="small">
            <Form
              form={form}
              layout="vertical"
              initialValues={{ sourceNames: HOUSE_SOURCE }}
              onFinish={(v) => publish.mutate(v)}
              onFinishFailed={onFailed}
              data-testid="news-form"
            >
              <NewsFields activeKey={tab} onChange={setTab} />
              <Button type="primary" htmlType="submit" loading={publish.isPending} data-testid="news-submit">
                {t('news.publishButton')}
              </Button>
            </Form>
          </Card>
        </Col>
        <Col span={13}>
          <ResponsiveTable
            rowKey="id"
            size="small"
            loading={isLoading}
            dataSource={data?.list ?? []}
            data-testid="news-table"
            pagination={{ current: page, pageSize: 10, total: data?.total ?? 0, onChange: setPage }}
            columns={[
              {
                title: t('news.publishedAt'),
                dataIndex: 'publishedAt',
                render: (v: string | null) => formatTime(v),
                width: 170,
              },
              {
                title: t('news.title'),
                key: 'title',
                render: (_, r) => (
                  <>
                    {titleOf(r)}
                    {r.sample && <Tag style={{ marginLeft: 8 }}>{t('news.sample')}</Tag>}
                  </>
                ),
              },
              {
                title: t('news.source'),
                key: 'source',
                render: (_, r) => r.sourceNames?.[language] ?? r.source,
              },
              {
                title: t('news.state'),
                key: 'state',
                render: (_, r) =>
                  r.unpublishedAt ? (
                    <Tag>{t('news.states.unpublished')}</Tag>
                  ) : (
                    <Tag color="green">{t('news.states.published')}</Tag>
                  ),
              },
              { title: t('news.views'), dataIndex: 'views', className: 'kb-num' },
              changeColumn<NewsItem>({
                testId: 'news',
                endId: 'unpublish',
                endLabel: t('news.unpublish'),
                canChange: (r) => !r.unpublishedAt,
                onEdit: setEditing,
                onEnd: setUnpublishing,
              }),
            ]}
          />
        </Col>
      </Row>
      {editing && <EditModal item={editing} onClose={() => setEditing(null)} />}
      <EndModal
        call={admin.content.newsUnpublish}
        target={unpublishing}
        title={(item) => t('news.unpublishTitle', { title: titleOf(item) })}
        done={t('news.unpublished')}
        queryKey="news"
        onClose={() => setUnpublishing(null)}
      />
    </>
  );
}
