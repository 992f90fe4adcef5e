import { useTranslation } from 'react-i18next';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';

/** Heading and paragraph keys of each document, in reading order. */
const DOCUMENTS = {
  about: {
    title: 'about.title',
    sections: [
      ['about.whatH', 'about.whatP'],
      ['about.honestH', 'about.honestP'],
      ['about.demoH', 'about.demoP'],
      ['about.supportH', 'about.supportP'],
    ],
  },
  privacy: {
    title: 'privacy.title',
    sections: [
      ['privacy.collectH', 'privacy.collectP'],
      ['privacy.useH', 'privacy.useP'],
      ['privacy.protectH', 'privacy.protectP'],
      ['privacy.shareH', 'privacy.shareP'],
      ['privacy.deviceH', 'privacy.deviceP'],
      ['privacy.rightsH', 'privacy.rightsP'],
    ],
  },
  protocol: {
    title: 'protocol.title',
    sections: [
      ['protocol.serviceH', 'protocol.serviceP'],
      ['protocol.accountH', 'protocol.accountP'],
      ['protocol.riskH', 'protocol.riskP'],
      ['protocol.moneyH', 'protocol.moneyP'],
      ['protocol.dataH', 'protocol.dataP'],
      ['protocol.changesH', 'protocol.changesP'],
    ],
  },
} as const;

/** About, privacy and the user agreement: long-form text in the user's language. */
export function DocumentPage({ doc }: { doc: keyof typeof DOCUMENTS }) {
  const { t } = useTranslation('mine');
  const { title, sections } = DOCUMENTS[doc];
  return (
    <Page header={<PageHeader title={t(title)} />}>
      <article className="kb-prose">
        {sections.map(([heading, body]) => (
          <section key={heading}>
            <h2>{t(heading)}</h2>
            <p>{t(body)}</p>
          </section>
        ))}
      </article>
    </Page>
  );
}
