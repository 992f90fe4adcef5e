import { Button, List, Selector, Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { COLOR_SCHEMES, type ColorScheme } from '../../../shared/format/price';
import { LANGUAGE_NAMES, useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { openCustomerService } from '../../../shared/session/customer-service';
import { logout } from '../../../shared/session/logout';
import { useUserInfo } from '../../../shared/session/user';
import { useSettings } from '../../../shared/settings/settings-store';
import { PasskeyInvite } from '../../../shared/step-up/passkey-invite';
import { confirmDialog } from '../../../shared/ui/confirm-dialog';
import { TrendText } from '../../../shared/ui/trend-text';

type LinkItem = { to: string; label: string; extra?: ReactNode };

/**
 * /mine/index settings (SPEC §2): links to every account page, language, the price-colour
 * setting (SPEC §12), the theme note, customer service and log out.
 */
export default function SettingsPage() {
  const { t } = useTranslation('mine');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const language = useLanguage();
  const user = useUserInfo();
  const colorScheme = useSettings((s) => s.colorScheme);
  const setColorScheme = useSettings((s) => s.setColorScheme);

  const kyc = user.data?.kyc;
  const groups: Array<{ title: string; links: LinkItem[] }> = [
    {
      title: t('settings.groups.security'),
      links: [
        {
          to: PATHS.verified,
          label: tc('links.verified'),
          extra: kyc && (
            <Tag
              color={kyc === 'verified' ? 'success' : kyc === 'failed' ? 'danger' : 'default'}
              fill="outline"
            >
              {t(`settings.kyc.${kyc}`)}
            </Tag>
          ),
        },
        { to: PATHS.bank, label: tc('links.bank') },
        { to: PATHS.loginPassword, label: tc('links.loginPassword') },
        { to: PATHS.fundPassword, label: tc('links.fundPassword') },
        { to: PATHS.security, label: t('settings.links.security') },
        { to: PATHS.sessions, label: t('settings.links.sessions') },
      ],
    },
    {
      title: t('settings.groups.funds'),
      links: [
        { to: PATHS.deposit, label: tc('links.stored') },
        { to: PATHS.withdraw, label: tc('links.withdraw') },
        { to: PATHS.exchange, label: tc('links.exchange') },
        { to: PATHS.loan, label: tc('links.loan') },
        { to: PATHS.fundRecords, label: tc('links.transactionRecords') },
      ],
    },
    {
      title: t('settings.groups.records'),
      links: [
        { to: PATHS.positions, label: tc('links.position') },
        { to: PATHS.newShareOrder, label: t('settings.links.newShareOrder') },
        { to: PATHS.followOrder, label: t('settings.links.followOrder') },
        { to: PATHS.loanOrder, label: t('settings.links.loanOrder') },
        { to: PATHS.messages, label: tc('links.message') },
        { to: PATHS.alerts, label: tc('links.alerts') },
        { to: PATHS.notifications, label: tc('links.notifications') },
      ],
    },
  ];

  const colorLabels: Record<ColorScheme, string> = {
    auto: t('settings.colorAuto'),
    redUp: t('settings.colorRedUp'),
    greenUp: t('settings.colorGreenUp'),
  };

  const confirmLogout = async () => {
    const ok = await confirmDialog({
      content: tc('panel.logoutConfirm'),
      confirmText: tc('actions.logout'),
      cancelText: tc('actions.cancel'),
    });
    if (ok) await logout();
  };

  return (
    <Page header={<PageHeader title={t('settings.title')} />}>
      <div className="kb-card kb-settings-account">
        <List>
          <List.Item extra={user.data?.account ?? '—'}>{t('settings.account')}</List.Item>
          {user.data?.inviteCode && (
            <List.Item extra={<span className="kb-num">{user.data.inviteCode}</span>}>
              {t('settings.inviteCode')}
            </List.Item>
          )}
        </List>
      </div>

      <PasskeyInvite onAdd={navigate} />

      {groups.map((group) => (
        <div className="kb-card" key={group.title}>
          <List header={group.title}>
            {group.links.map((link) => (
              <List.Item key={link.to} extra={link.extra} onClick={() => navigate(link.to)} arrowIcon>
                {link.label}
              </List.Item>
            ))}
          </List>
        </div>
      ))}

      <div className="kb-card">
        <List header={t('settings.groups.preferences')}>
          <List.Item extra={LANGUAGE_NAMES[language]} onClick={() => navigate(PATHS.language)} arrowIcon>
            {tc('links.language')}
          </List.Item>
          <List.Item
            description={
              <div className="kb-color-setting">
                <Selector<ColorScheme>
                  className="kb-setting-selector"
                  columns={3}
                  showCheckMark={false}
                  value={[colorScheme]}
                  options={COLOR_SCHEMES.map((scheme) => ({ label: colorLabels[scheme], value: scheme }))}
                  onChange={(values) => {
                    const next = values[0];
                    if (next) setColorScheme(next);
                  }}
                />
                <div className="kb-color-preview" aria-hidden="true">
                  <TrendText value="1.23" percent />
                  <TrendText value="-1.23" percent />
                </div>
              </div>
            }
          >
            {t('settings.priceColors')}
          </List.Item>
          <List.Item extra={<span className="kb-muted">{tc('themeSystem')}</span>}>
            {t('settings.theme')}
          </List.Item>
        </List>
      </div>

      <div className="kb-card">
        <List header={t('settings.groups.about')}>
          <List.Item onClick={() => navigate(PATHS.about)} arrowIcon>
            {tc('links.about')}
          </List.Item>
          <List.Item onClick={() => navigate(PATHS.privacy)} arrowIcon>
            {tc('links.privacy')}
          </List.Item>
          <List.Item onClick={() => navigate(PATHS.protocol)} arrowIcon>
            {tc('links.protocol')}
          </List.Item>
          <List.Item onClick={openCustomerService} arrowIcon>
            {tc('panel.customerService')}
          </List.Item>
        </List>
      </div>

      <Button block size="large" color="danger" fill="outline" onClick={confirmLogout}>
        {tc('actions.logout')}
      </Button>
    </Page>
  );
}
