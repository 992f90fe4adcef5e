import { admin } from '@kabuto/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Layout, Menu, Select, Space, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { TotpModal } from '../features/auth/totp-modal';
import { adminApi } from '../shared/api';
import { currentLanguage, LANGUAGE_NAMES, LANGUAGES, setLanguage } from '../shared/i18n';
import { ROLE_AREAS, session, useSession } from '../shared/session';

const AREAS = [
  'dashboard',
  'reviews',
  'daytrades',
  'users',
  'adjustments',
  'block',
  'newshares',
  'news',
  'copy',
  'messages',
  'notify',
  'config',
  'audit',
  'operators',
];

export function LanguageSelect() {
  return (
    <Select
      aria-label="language"
      size="small"
      value={currentLanguage()}
      style={{ width: 120 }}
      onChange={setLanguage}
      options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
    />
  );
}

/** The signed-in frame: the menu of what the operator's role may open, the operator and sign-out. */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const current = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [totpOpen, setTotpOpen] = useState(false);
  const [collapsed, setCollapsed] = useState(() => window.innerWidth < 768);
  if (!current) return null;
  const selected = AREAS.find((a) => location.pathname.startsWith(`/${a}`)) ?? 'dashboard';
  const signOut = async () => {
    await adminApi.call(admin.auth.logout).catch(() => undefined);
    session.set(null);
    queryClient.clear();
  };
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {/* Below the breakpoint the menu folds away entirely, opened by its trigger (never one-letter labels). */}
      <Layout.Sider
        width={208}
        breakpoint="md"
        collapsedWidth={0}
        collapsed={collapsed}
        onCollapse={setCollapsed}
        style={collapsed ? undefined : { zIndex: 20 }}
      >
        <div className="kb-brand">{t('app.title')}</div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={[selected]}
          onClick={(e) => {
            navigate(`/${e.key}`);
            if (window.innerWidth < 768) setCollapsed(true);
          }}
          items={AREAS.filter((a) => ROLE_AREAS[current.role].has(a)).map((a) => ({
            key: a,
            label: t(`menu.${a}`),
          }))}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="kb-header">
          <Space wrap>
            <LanguageSelect />
            <Typography.Text data-testid="operator-name">{current.username}</Typography.Text>
            <Tag color="blue">{t(`roles.${current.role}`)}</Tag>
            <Button onClick={() => setTotpOpen(true)}>{t('totp.title')}</Button>
            <Button onClick={signOut}>{t('app.signOut')}</Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="kb-content">{children}</Layout.Content>
        <TotpModal open={totpOpen} onClose={() => setTotpOpen(false)} />
      </Layout>
    </Layout>
  );
}
