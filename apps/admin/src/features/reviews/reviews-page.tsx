import { admin, REVIEW_KINDS, type REVIEW_STATES, type ReviewItemView } from '@kabuto/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Grid,
  Input,
  Row,
  Segmented,
  Space,
  Switch,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import i18next from 'i18next';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, adminApi } from '../../shared/api';
import { AuthImage } from '../../shared/auth-image';
import { formatAmount, formatDuration, formatTime } from '../../shared/format';
import { errorText } from '../../shared/i18n';
import { label, textOr } from '../../shared/labels';
import { ReasonModal } from '../../shared/reason-modal';
import { ResponsiveTable } from '../../shared/responsive-table';
import { UserContext } from '../../shared/user-context';

type State = (typeof REVIEW_STATES)[number] | 'all';

type ReviewItem = ReviewItemView;

const IMAGE_FIELDS = new Set(['front', 'back', 'receipt']);
/** Soon due: under two hours to the promised time. */
const SOON_MS = 2 * 3_600_000;

function DueTag({ item, now }: { item: ReviewItem; now: number }) {
  const { t } = useTranslation();
  if (!item.dueAt) return <Tag>{t('reviews.noPromise')}</Tag>;
  const left = new Date(item.dueAt).getTime() - now;
  if (item.state !== 'pending') return <span>{formatTime(item.dueAt)}</span>;
  const color = left < 0 ? 'red' : left < SOON_MS ? 'orange' : 'green';
  return (
    <Tag color={color} data-testid="due-tag">
      {left < 0
        ? t('reviews.overdueBy', { time: formatDuration(-left) })
        : t('reviews.dueIn', { time: formatDuration(left) })}
    </Tag>
  );
}

/**
 * Whose clock a review item's times are read on: its market's for a market product (block trade,
 * day trade), the reader's for an account request (deposit, withdrawal, identity).
 */
const basisOf = (item: Pick<ReviewItem, 'details'>) =>
  String((item.details as Record<string, unknown>).market ?? '');

/** A review item's identity: its kind and its id in the kind (deposit #1 is not KYC #1). */
export const itemKey = (item: Pick<ReviewItem, 'kind' | 'id'>) => `${item.kind}:${item.id}`;

/** The label of a detail field; a kind may name a field its own way (a block item's `name` is the stock's). */
function fieldLabel(kind: string, key: string): string {
  const own = `reviews.fieldOf.${kind}.${key}`;
  if (i18next.exists(own)) return i18next.t(own);
  return textOr(`reviews.field.${key}`, key);
}

function fieldText(kind: string, key: string, value: unknown, market = ''): ReactNode {
  if (value === null || value === undefined || value === '') return '-';
  if (key === 'amount' || key === 'buyingPower') return formatAmount(String(value));
  if (key === 'closeAt') return formatTime(String(value), market);
  if (key === 'leverage') return `${String(value)}×`;
  if (key === 'market') return String(value).toUpperCase();
  if (key === 'productId') return `#${String(value)}`;
  if (key === 'channel') return textOr(`reviews.channels.${String(value)}`, String(value));
  if (key === 'state')
    return textOr(`${kind === 'daytrade' ? 'daytrades' : 'reviews'}.states.${String(value)}`, String(value));
  if (key === 'cardType') return label('cardType', String(value));
  if (typeof value === 'object') {
    // A nested record (the withdrawal's bank card): each part labelled.
    return (
      <Descriptions size="small" column={1}>
        {Object.entries(value as Record<string, unknown>).map(([k, v]) => (
          <Descriptions.Item key={k} label={fieldLabel(kind, k)}>
            {fieldText(kind, k, v)}
          </Descriptions.Item>
        ))}
      </Descriptions>
    );
  }
  return String(value);
}

function summary(item: ReviewItem): string {
  const d = item.details;
  if (typeof d.amount === 'string') return `${formatAmount(d.amount)} ${String(d.currency ?? '')}`;
  if (typeof d.name === 'string') return d.name;
  return '';
}

function ItemDetails({ item }: { item: ReviewItem }) {
  const { t } = useTranslation();
  const entries = Object.entries(item.details);
  return (
    <Card
      size="small"
      title={t('reviews.item', { kind: t(`kinds.${item.kind}`), id: item.id })}
      data-testid="review-detail"
      data-key={itemKey(item)}
    >
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('users.account')}>{item.account}</Descriptions.Item>
        <Descriptions.Item label={t('reviews.submitted')}>
          {formatTime(item.createdAt, basisOf(item))}
        </Descriptions.Item>
        {entries
          .filter(([k]) => !IMAGE_FIELDS.has(k))
          .map(([k, v]) => (
            <Descriptions.Item key={k} label={fieldLabel(item.kind, k)}>
              {fieldText(item.kind, k, v, basisOf(item))}
            </Descriptions.Item>
          ))}
        {item.state !== 'pending' && (
          <>
            <Descriptions.Item label={t('reviews.state')}>
              {t(`reviews.states.${item.state}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('reviews.reviewer')}>{item.reviewer ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('common.reason')}>{item.reason ?? '-'}</Descriptions.Item>
          </>
        )}
      </Descriptions>
      <div className="kb-images" style={{ marginTop: 12 }}>
        {entries
          .filter(([k, v]) => IMAGE_FIELDS.has(k) && typeof v === 'string')
          .map(([k, v]) => (
            <div key={k} style={{ display: 'inline-block', marginRight: 12 }}>
              <Typography.Text type="secondary">{fieldLabel(item.kind, k)}</Typography.Text>
              <br />
              <AuthImage src={String(v)} alt={k} />
            </div>
          ))}
      </div>
    </Card>
  );
}

/**
 * The review queues (SPEC §9): oldest first with the waiting time against the promised time,
 * the item with its images and the user's context beside it, approve or reject with a reason.
 * Keys: j / k next / previous, a approve, r reject.
 */
export function ReviewsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<(typeof REVIEW_KINDS)[number] | 'all'>('all');
  const [state, setState] = useState<State>('pending');
  const [search, setSearch] = useState('');
  const [overdueOnly, setOverdueOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const [now, setNow] = useState(() => Date.now());
  // Below `lg` the item's details sit under the list: choosing an item brings them into view.
  const screens = Grid.useBreakpoint();
  const detailRef = useRef<HTMLDivElement>(null);
  const choose = (key: string) => {
    setSelectedKey(key);
    if (!screens.lg) requestAnimationFrame(() => detailRef.current?.scrollIntoView?.({ block: 'start' }));
  };
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const { data, isLoading } = useQuery({
    queryKey: ['reviews', kind, state, page],
    queryFn: () =>
      adminApi.call(admin.reviews.list, {
        query: { kind: kind === 'all' ? undefined : kind, state, page, size: 50 },
      }),
  });
  const items = useMemo(() => {
    const q = search.trim().toLowerCase();
    const list = (data?.list ?? []).filter(
      (i) =>
        (!q || i.account.toLowerCase().includes(q) || summary(i).toLowerCase().includes(q)) &&
        (!overdueOnly || (i.dueAt !== null && new Date(i.dueAt).getTime() < now)),
    );
    // Oldest first for the work queue; newest first for what was decided.
    return state === 'pending' ? [...list].sort((a, b) => a.createdAt.localeCompare(b.createdAt)) : list;
  }, [data, search, overdueOnly, now, state]);
  const selectedIndex = items.findIndex((i) => itemKey(i) === selectedKey);
  const selected = selectedIndex >= 0 ? items[selectedIndex] : items[0];

  const decide = useMutation({
    mutationFn: (
      { item, decision, reason }: { item: ReviewItem; decision: 'approve' | 'reject'; reason: string }, // The item's own kind, whichever tab shows it: the all-queues tab decides through the same call.
    ) =>
      adminApi.call(admin.reviews.decide, {
        params: { kind: item.kind, id: item.id, decision },
        body: reason ? { reason } : {},
      }),
    onSuccess: (_, { decision, item }) => {
      message.success(t(decision === 'approve' ? 'reviews.approved' : 'reviews.rejected'));
      setDeciding(null);
      const next = items[items.findIndex((i) => itemKey(i) === itemKey(item)) + 1];
      setSelectedKey(next ? itemKey(next) : null);
      void queryClient.invalidateQueries({ queryKey: ['reviews'] });
      void queryClient.invalidateQueries({ queryKey: ['user-context', item.userId] });
    },
    onError: (e) => {
      message.error(e instanceof ApiError ? errorText(e.key) : errorText('network_error'));
      // Decided elsewhere meanwhile: nothing is left to decide here, so the dialog closes.
      if (e instanceof ApiError && e.key === 'not_pending') {
        setDeciding(null);
        void queryClient.invalidateQueries({ queryKey: ['reviews'] });
      }
    },
  });

  const move = useCallback(
    (step: number) => {
      if (items.length === 0) return;
      const from = selectedIndex >= 0 ? selectedIndex : 0;
      const next = items[Math.min(items.length - 1, Math.max(0, from + step))];
      if (next) setSelectedKey(itemKey(next));
    },
    [items, selectedIndex],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (deciding || e.ctrlKey || e.metaKey || e.altKey) return;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      if (document.querySelector('.ant-image-preview-root .ant-image-preview-wrap, .ant-modal-wrap')) return;
      if (e.key === 'j') move(1);
      else if (e.key === 'k') move(-1);
      else if (e.key === 'a' && selected?.state === 'pending') setDeciding('approve');
      else if (e.key === 'r' && selected?.state === 'pending') setDeciding('reject');
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [move, selected, deciding]);

  return (
    <>
      <Typography.Title level={3}>{t('menu.reviews')}</Typography.Title>
      <Tabs
        activeKey={kind}
        onChange={(k) => {
          setKind(k as typeof kind);
          setPage(1);
          setSelectedKey(null);
        }}
        items={['all', ...REVIEW_KINDS].map((k) => ({ key: k, label: t(`kinds.${k}`) }))}
      />
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented
          value={state}
          onChange={(v) => {
            setState(v as State);
            setPage(1);
            setSelectedKey(null);
          }}
          options={(['pending', 'approved', 'rejected', 'all'] as const).map((s) => ({
            value: s,
            label: t(`reviews.states.${s}`),
          }))}
        />
        <Input.Search
          allowClear
          placeholder={t('reviews.search')}
          style={{ width: 240 }}
          onSearch={setSearch}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Space>
          <Switch checked={overdueOnly} onChange={setOverdueOnly} aria-label={t('reviews.overdueOnly')} />
          {t('reviews.overdueOnly')}
        </Space>
        <Typography.Text type="secondary">{t('reviews.shortcuts')}</Typography.Text>
      </Space>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={13}>
          <ResponsiveTable
            rowKey={itemKey}
            size="small"
            loading={isLoading}
            dataSource={items}
            data-testid="review-table"
            rowClassName={(r) =>
              selected && itemKey(r) === itemKey(selected) ? 'kb-review-row-selected' : ''
            }
            onRow={(r) => ({ onClick: () => choose(itemKey(r)), 'data-key': itemKey(r) }) as never}
            pagination={{ current: page, pageSize: 50, total: data?.total ?? 0, onChange: setPage }}
            locale={{ emptyText: <Empty description={t('reviews.empty')} /> }}
            columns={[
              { title: '#', dataIndex: 'id', width: 60 },
              ...(kind === 'all'
                ? [{ title: t('reviews.kind'), dataIndex: 'kind', render: (k: string) => t(`kinds.${k}`) }]
                : []),
              { title: t('users.account'), dataIndex: 'account' },
              {
                title: t('reviews.summary'),
                key: 'summary',
                className: 'kb-num',
                render: (_, r) => summary(r),
              },
              {
                title: t('reviews.waiting'),
                key: 'waiting',
                render: (_, r) =>
                  formatDuration(
                    (r.reviewedAt ? new Date(r.reviewedAt).getTime() : now) - new Date(r.createdAt).getTime(),
                  ),
              },
              { title: t('reviews.due'), key: 'due', render: (_, r) => <DueTag item={r} now={now} /> },
              {
                title: t('reviews.state'),
                dataIndex: 'state',
                render: (s: string) => (
                  <Tag color={s === 'approved' ? 'green' : s === 'rejected' ? 'red' : 'gold'}>
                    {t(`reviews.states.${s}`)}
                  </Tag>
                ),
              },
            ]}
          />
        </Col>
        <Col xs={24} lg={11} ref={detailRef}>
          {selected ? (
            <Space direction="vertical" style={{ width: '100%' }}>
              <ItemDetails item={selected} />
              {selected.state === 'pending' && (
                <Space>
                  <Button type="primary" onClick={() => setDeciding('approve')} data-testid="approve">
                    {t('reviews.approve')} (a)
                  </Button>
                  <Button danger onClick={() => setDeciding('reject')} data-testid="reject">
                    {t('reviews.reject')} (r)
                  </Button>
                </Space>
              )}
              <UserContext userId={selected.userId} />
            </Space>
          ) : (
            <Card>
              <Empty description={t('reviews.nothingSelected')} />
            </Card>
          )}
        </Col>
      </Row>
      <ReasonModal
        open={deciding !== null && Boolean(selected)}
        title={deciding === 'reject' ? t('reviews.rejectTitle') : t('reviews.approveTitle')}
        required={deciding === 'reject'}
        danger={deciding === 'reject'}
        busy={decide.isPending}
        onCancel={() => setDeciding(null)}
        onSubmit={(reason) =>
          selected && deciding && decide.mutate({ item: selected, decision: deciding, reason })
        }
      />
    </>
  );
}
