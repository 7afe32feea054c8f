import { ShellProviders } from '../providers/shell-providers.tsx';
import StationPage from '../../features/attendance/station-page.tsx';

/** The door station's own lazy chunk: Ant Design and the station, without the admin shell. */
export default function StationLayout() {
  return (
    <ShellProviders>
      <StationPage />
    </ShellProviders>
  );
}
