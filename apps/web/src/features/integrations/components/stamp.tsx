import { formatDateTime } from '../../../lib/date-time.ts';

/** A timestamp on two lines, the day over the time: narrow enough for a table that shows many. */
export function Stamp({ ms }: { ms: number }) {
  const text = formatDateTime(ms);
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {text.slice(0, 10)}
      <br />
      {text.slice(11)}
    </span>
  );
}
