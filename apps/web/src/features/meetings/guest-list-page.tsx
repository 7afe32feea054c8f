import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function GuestListPage() {
  return <PlaceholderPage titleKey="route.guest" />;
}
