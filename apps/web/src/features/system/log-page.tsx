import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function LogPage() {
  return <PlaceholderPage titleKey="route.log" />;
}
