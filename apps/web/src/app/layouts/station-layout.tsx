import { ShellProviders } from '../providers/shell-providers.tsx';
import StationPage from '../../features/attendance/station-page.tsx';
import { isStationReachable } from '../../lib/station-data.ts';
import { useIdleCheck } from './use-idle-check.ts';

// A station out of reach of the server keeps its session: logging out would take the copy it judges with.
const keepOfflineSession = () => !isStationReachable();

/**
 * The door station's own lazy chunk: Ant Design and the station, without the admin shell. Its
 * session is kept like the back office's (scans count as activity), except that a station out of reach
 * of the server is never logged out.
 */
export default function StationLayout() {
  useIdleCheck({ keepSession: keepOfflineSession });
  return (
    <ShellProviders>
      <StationPage />
    </ShellProviders>
  );
}
