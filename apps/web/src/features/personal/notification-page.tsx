import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function NotificationPage() {
  return <PlaceholderPage titleKey="route.notification" />;
}
