import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function DashboardPage() {
  return <PlaceholderPage titleKey="route.dashboard" />;
}
