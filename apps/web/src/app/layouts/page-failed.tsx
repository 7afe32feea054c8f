import { Result } from 'antd';

/** What a crashed page shows. A chunk of its own: Result brings its 403/404/500 illustrations along. */
export default function PageFailed({ title }: { title: string }) {
  return <Result status="error" title={title} />;
}
