import { PlaceholderPage } from '../../components/placeholder-page.tsx';

export default function ScheduleDetailPage() {
  return <PlaceholderPage titleKey="route.scheduleDetail" />;
}
