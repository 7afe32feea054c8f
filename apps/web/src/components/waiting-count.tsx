import { waitingCount } from '../lib/waitlist.ts';

/** A meeting's or session's waiting count in a table: a dash when it has no list, else the count (a link when given one). */
export function WaitingCount(props: {
  list: { waitlist_enabled: boolean; waiting_count: number };
  /** The waiting-list page (a route path), for users who may open it. */
  link?: string;
  testId?: string;
}) {
  const count = waitingCount(props.list);
  if (count === null) return '—';
  return props.link ? (
    <a href={`#${props.link}`} data-testid={props.testId}>
      {count}
    </a>
  ) : (
    count
  );
}
