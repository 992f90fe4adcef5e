import { admin } from '@kabuto/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Space, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, adminApi } from '../../shared/api';
import { formatDuration, formatTime } from '../../shared/format';
import { errorText } from '../../shared/i18n';

/**
 * How long a message may wait for the notifier before the page says so: the notifier claims new
 * messages within seconds (SPEC §13.3: an alert arrives within one tick), so minutes of waiting
 * mean it is not running, not that it is busy.
 */
const STALLED_AFTER_MS = 5 * 60_000;
const REFRESH_MS = 30_000;

/**
 * Alerts and notifications at a glance (SPEC §13.3): whether alerts watch and fire, how many
 * devices take pushes and how many fail, and whether investors' messages are going out.
 */
export function NotifyPage() {
  const { t } = useTranslation();
  const { data, isLoading, error } = useQuery({
    queryKey: ['notify-overview'],
    queryFn: () => adminApi.call(admin.notify.overview),
    refetchInterval: REFRESH_MS,
  });
  if (error)
    return (
      <Alert
        type="error"
        showIcon
        message={errorText(error instanceof ApiError ? error.key : 'network_error')}
      />
    );
  const stalled = (data?.oldestWaitingMs ?? 0) > STALLED_AFTER_MS;
  const figure = (title: string, value: number | string, testId: string, extra?: string) => (
    <Col xs={24} sm={12} lg={8}>
      <Card loading={isLoading} size="small">
        <Statistic title={title} value={value} data-testid={testId} />
        {extra && <Typography.Text type="secondary">{extra}</Typography.Text>}
      </Card>
    </Col>
  );
  return (
    <>
      <Typography.Title level={3}>{t('menu.notify')}</Typography.Title>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {data && (
          <Alert
            data-testid="notify-state"
            type={stalled ? 'warning' : 'success'}
            showIcon
            message={
              stalled ? t('notify.stalled', { minutes: STALLED_AFTER_MS / 60_000 }) : t('notify.flowing')
            }
            description={t('notify.updated', { time: formatTime(data.now) })}
          />
        )}
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('notify.alerts')}
        </Typography.Title>
        <Row gutter={[16, 16]}>
          {figure(t('notify.activeAlerts'), data?.activeAlerts ?? 0, 'active-alerts')}
          {figure(
            t('notify.firedToday'),
            data?.firedToday ?? 0,
            'fired-today',
            data ? t('notify.since', { time: formatTime(data.firedSince, 'jpy', 'dateTime') }) : undefined,
          )}
        </Row>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('notify.delivery')}
        </Typography.Title>
        <Row gutter={[16, 16]}>
          {figure(t('notify.pushDevices'), data?.pushDevices ?? 0, 'push-devices')}
          {figure(t('notify.failingDevices'), data?.failingDevices ?? 0, 'failing-devices')}
          {figure(t('notify.waitingMessages'), data?.waitingMessages ?? 0, 'waiting-messages')}
          {figure(
            t('notify.oldestWaiting'),
            data?.oldestWaitingMs === null || data?.oldestWaitingMs === undefined
              ? t('notify.none')
              : formatDuration(data.oldestWaitingMs),
            'oldest-waiting',
            data?.oldestWaitingAt ? formatTime(data.oldestWaitingAt) : undefined,
          )}
        </Row>
      </Space>
    </>
  );
}
