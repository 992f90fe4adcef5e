import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBlockApplications } from '../api/block';
import { ApplicationCard } from '../components/application-card';
import { BlockListPage } from '../components/block-list-page';
import { BLOCK_PATHS, withId } from '../paths';
import '../block.css';

/** /home/largeQc (SPEC §2): the Application List tab — my applications in the selected market. */
export default function ApplicationsPage() {
  const { t } = useTranslation('block');
  const navigate = useNavigate();
  const applications = useBlockApplications();
  return (
    <BlockListPage
      active="applications"
      query={applications}
      items={applications.data}
      emptyText={t('list.emptyApplications')}
      testId="block-applications"
    >
      {(a) => (
        <ApplicationCard
          key={a.id}
          application={a}
          onOpen={() => navigate(withId(BLOCK_PATHS.application, a.id))}
        />
      )}
    </BlockListPage>
  );
}
