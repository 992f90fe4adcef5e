import { DocumentPage } from '../components/document-page';

/** /mine/privacy (SPEC §2). */
export default function PrivacyPage() {
  return <DocumentPage doc="privacy" />;
}
