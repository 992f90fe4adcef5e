import { Button, Popup } from 'antd-mobile';
import {
  BankcardOutline,
  BellOutline,
  BillOutline,
  CheckShieldOutline,
  CollectMoneyOutline,
  ExclamationShieldOutline,
  HandPayCircleOutline,
  InformationCircleOutline,
  KeyOutline,
  LockOutline,
  MessageOutline,
  PayCircleOutline,
  SearchOutline,
  SetOutline,
  SoundOutline,
  UnorderedListOutline,
  UserCircleOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../routing/paths';
import { openCustomerService } from '../session/customer-service';
import { logout } from '../session/logout';
import { useMarket } from '../session/market-store';
import { useSession } from '../session/session-store';
import { useAccountSummary } from '../session/user';
import { PasskeyInvite } from '../step-up/passkey-invite';
import { confirmDialog } from '../ui/confirm-dialog';
import { LanguagePicker } from '../ui/language-picker';
import { MoneyText } from '../ui/money-text';

/** SPEC §2 account panel links, in the order a user reaches for them. */
const LINKS = [
  { to: PATHS.verified, label: 'links.verified', icon: <UserContactOutline /> },
  { to: PATHS.messages, label: 'links.message', icon: <MessageOutline /> },
  { to: PATHS.alerts, label: 'links.alerts', icon: <BellOutline /> },
  { to: PATHS.notifications, label: 'links.notifications', icon: <SoundOutline /> },
  { to: PATHS.deposit, label: 'links.stored', icon: <CollectMoneyOutline /> },
  { to: PATHS.withdraw, label: 'links.withdraw', icon: <HandPayCircleOutline /> },
  { to: PATHS.loan, label: 'links.loan', icon: <PayCircleOutline /> },
  { to: PATHS.fundRecords, label: 'links.transactionRecords', icon: <BillOutline /> },
  { to: PATHS.positions, label: 'links.position', icon: <UnorderedListOutline /> },
  { to: PATHS.bank, label: 'links.bank', icon: <BankcardOutline /> },
  { to: PATHS.loginPassword, label: 'links.loginPassword', icon: <LockOutline /> },
  { to: PATHS.fundPassword, label: 'links.fundPassword', icon: <KeyOutline /> },
  { to: PATHS.security, label: 'links.security', icon: <CheckShieldOutline /> },
  { to: PATHS.about, label: 'links.about', icon: <InformationCircleOutline /> },
  { to: PATHS.privacy, label: 'links.privacy', icon: <ExclamationShieldOutline /> },
  { to: PATHS.settings, label: 'links.settings', icon: <SetOutline /> },
  { to: PATHS.search, label: 'links.search', icon: <SearchOutline /> },
] as const;

/**
 * The account panel (SPEC §2): who is signed in, the selected market's figures from
 * /user/summary, shortcuts, language, customer service and log out.
 */
export function AccountPanel({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const account = useSession((s) => s.account);
  const market = useMarket();
  const summary = useAccountSummary({ enabled: visible });
  const current = summary.data?.current;

  const go = (to: string) => {
    onClose();
    navigate(to);
  };

  const confirmLogout = async () => {
    const ok = await confirmDialog({
      content: t('panel.logoutConfirm'),
      confirmText: t('actions.logout'),
      cancelText: t('actions.cancel'),
    });
    if (!ok) return;
    onClose();
    await logout();
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      position="left"
      bodyClassName="kb-account-panel"
      destroyOnClose
    >
      <div className="kb-account-panel__scroll" role="dialog" aria-label={t('panel.title')}>
        <div className="kb-account-panel__who">
          <UserCircleOutline fontSize={44} aria-hidden="true" />
          <div>
            <div className="kb-account-panel__account">{account ?? '—'}</div>
            <div className="kb-muted">{t('panel.market', { market: t(`markets.${market}`) })}</div>
          </div>
        </div>

        <div className="kb-assets-card">
          <div className="kb-assets-card__label">{t('panel.totalAssets')}</div>
          <div className="kb-assets-card__total">
            {current ? <MoneyText value={current.totalAssets} currency={current.currency} /> : '—'}
          </div>
          <dl className="kb-assets-card__grid">
            <Figure
              label={t('panel.positionValue')}
              value={current?.positionValue}
              currency={current?.currency}
            />
            <Figure label={t('panel.available')} value={current?.available} currency={current?.currency} />
            <Figure label={t('panel.frozen')} value={current?.frozen} currency={current?.currency} />
            <Figure label={t('panel.borrowed')} value={current?.debt} currency={current?.currency} />
            <Figure
              label={t('panel.floatingPnl')}
              value={current?.unrealisedPnl}
              currency={current?.currency}
              signed
            />
          </dl>
        </div>

        {visible && <PasskeyInvite onAdd={go} />}

        <h2 className="kb-account-panel__heading">{t('panel.shortcuts')}</h2>
        <ul className="kb-shortcuts">
          {LINKS.map((link) => (
            <li key={link.to}>
              <button type="button" className="kb-shortcut" onClick={() => go(link.to)}>
                <span className="kb-shortcut__icon" aria-hidden="true">
                  {link.icon}
                </span>
                <span className="kb-shortcut__label">{t(link.label)}</span>
              </button>
            </li>
          ))}
        </ul>

        <h2 className="kb-account-panel__heading">{t('panel.language')}</h2>
        <LanguagePicker />

        <div className="kb-account-panel__actions">
          <Button block size="large" onClick={openCustomerService}>
            {t('panel.customerService')}
          </Button>
          <Button block size="large" color="danger" fill="outline" onClick={confirmLogout}>
            {t('actions.logout')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}

function Figure({
  label,
  value,
  currency,
  signed = false,
}: {
  label: string;
  value: string | undefined;
  currency: Parameters<typeof MoneyText>[0]['currency'] | undefined;
  signed?: boolean;
}) {
  return (
    <div className="kb-figure">
      <dt>{label}</dt>
      <dd>
        {value !== undefined && currency ? (
          <MoneyText value={value} currency={currency} signed={signed} />
        ) : (
          '—'
        )}
      </dd>
    </div>
  );
}
