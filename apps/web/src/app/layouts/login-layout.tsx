import { ShellProviders } from '../providers/shell-providers.tsx';
import LoginPage from '../../features/auth/login-page.tsx';

/** The login route's own lazy chunk: Ant Design and the login form, without the admin shell. */
export default function LoginLayout() {
  return (
    <ShellProviders>
      <LoginPage />
    </ShellProviders>
  );
}
