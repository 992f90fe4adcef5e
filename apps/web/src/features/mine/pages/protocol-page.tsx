import { DocumentPage } from '../components/document-page';

/** /mine/protocol: the user agreement, reachable from registration before login (SPEC §2). */
export default function ProtocolPage() {
  return <DocumentPage doc="protocol" />;
}
