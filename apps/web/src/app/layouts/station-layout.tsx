import { ShellProviders } from '../providers/shell-providers.tsx';
import StationPage from '../../features/attendance/station-page.tsx';
import { useIdleCheck } from './use-idle-check.ts';

/**
 * The door station's own lazy chunk: Ant Design and the station, without the admin shell. Its
 * session is kept like the back office's (scans count as activity), except that a station without
 * the network is never logged out.
 */
export default function StationLayout() {
  useIdleCheck({ keepWhileOffline: true });
  return (
    <ShellProviders>
      <StationPage />
    </ShellProviders>
  );
}
