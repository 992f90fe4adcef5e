import { Navigate } from 'react-router';
import { PATHS } from '../../../shared/routing/paths';
import { useSession } from '../../../shared/session/session-store';

/**
 * /login/start (SPEC §2). The startup gate shows the loading screen until the config arrives;
 * this route then sends the user home when a session exists, else to the welcome screen.
 */
export default function StartPage() {
  const token = useSession((s) => s.token);
  return <Navigate to={token ? PATHS.home : PATHS.logon} replace />;
}
