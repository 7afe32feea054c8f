import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function RecordsPage() {
  return <PlaceholderPage titleKey="route.records" />;
}
