import { DocumentPage } from '../components/document-page';

/** /mine/about (SPEC §2). */
export default function AboutPage() {
  return <DocumentPage doc="about" />;
}
