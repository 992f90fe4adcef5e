import { admin } from '@kabuto/contract';
import { useQuery } from '@tanstack/react-query';
import { Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { adminApi } from '../../shared/api';
import { formatTime } from '../../shared/format';
import { ResponsiveTable } from '../../shared/responsive-table';
import { FlagTags, KycTag } from '../../shared/user-context';

/** User care (SPEC §9): find a user by account, real name or bank card number. */
export function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const { data, isFetching } = useQuery({
    queryKey: ['users', q],
    queryFn: () => adminApi.call(admin.users.search, { query: { q } }),
    enabled: q.length > 0,
  });
  return (
    <>
      <Typography.Title level={3}>{t('menu.users')}</Typography.Title>
      <Input.Search
        defaultValue={q}
        placeholder={t('users.searchPlaceholder')}
        enterButton={t('common.search')}
        style={{ maxWidth: 480, marginBottom: 16 }}
        data-testid="user-search"
        onSearch={(value) => setParams(value.trim() ? { q: value.trim() } : {})}
      />
      <ResponsiveTable
        rowKey="id"
        loading={isFetching}
        dataSource={data?.list ?? []}
        onRow={(r) => ({ onClick: () => navigate(`/users/${r.id}`), style: { cursor: 'pointer' } })}
        locale={{ emptyText: q ? t('users.noneFound') : t('users.searchHint') }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          { title: t('users.account'), dataIndex: 'account' },
          { title: t('users.realName'), dataIndex: 'realName', render: (v: string | null) => v ?? '-' },
          { title: t('users.kyc'), dataIndex: 'kyc', render: (v: string) => <KycTag state={v} /> },
          {
            title: t('users.flags'),
            key: 'flags',
            render: (_, r) => <FlagTags flags={{ ...r.flags, reason: null }} />,
          },
          {
            title: t('users.registered'),
            dataIndex: 'createdAt',
            render: (v: string | null) => formatTime(v),
          },
        ]}
      />
    </>
  );
}
