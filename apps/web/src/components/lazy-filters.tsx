import {
  Suspense,
  lazy,
  startTransition,
  useEffect,
  useRef,
  useState,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { Select } from 'antd';
import type { DatePicker, GetProps, GetRef, TreeSelectProps } from 'antd';
import { CalendarOutlined, SwapRightOutlined } from '@ant-design/icons';
import './lazy-filters.css';

/*
 * Filter controls for a first screen: the date-range and tree pickers are about 40 KB gzip that a
 * list does not need before someone opens a filter. Each shows a look-alike made of what the page
 * has loaded anyway until the pointer or the focus reaches it, and only then loads the real control.
 */

const LazyTreeSelectControl = lazy(() => import('antd/es/tree-select'));
// With lib/dayjs, which registers the locales of the picker's month and weekday names.
const LazyRangePickerControl = lazy(() =>
  Promise.all([import('antd/es/date-picker'), import('../lib/dayjs.ts')]).then(([m]) => ({
    default: m.default.RangePicker,
  })),
);

/** How the user reached the look-alike, for the real control to carry on from there. */
interface Reach {
  /** The look-alike's input that took the press or the focus. */
  input?: number;
  /** A press, not only focus: the control opens. */
  open?: boolean;
}

/**
 * The look-alike until the user reaches for it, then the real control. The swap is a transition
 * inside a boundary already on screen, so the look-alike stays (and keeps taking clicks) while the
 * chunk loads; a press or focus that lands on it meanwhile is handed on to the control.
 */
function OnFirstUse({ standIn, children }: { standIn: ReactNode; children: (reach: Reach) => ReactNode }) {
  const [reach, setReach] = useState<Reach | null>(null);
  const reachWith = (next: Reach) => startTransition(() => setReach((current) => ({ ...current, ...next })));
  const inputOf = (event: SyntheticEvent<HTMLElement>) =>
    Math.max(0, [...event.currentTarget.querySelectorAll('input')].indexOf(event.target as HTMLInputElement));
  const lookAlike = (
    <span
      className="mf-first-use"
      onPointerEnter={() => reachWith({})}
      onPointerDown={(event) => reachWith({ input: inputOf(event), open: true })}
      onFocus={(event) => reachWith({ input: inputOf(event) })}
    >
      {standIn}
    </span>
  );
  return <Suspense fallback={lookAlike}>{reach ? children(reach) : lookAlike}</Suspense>;
}

/** antd's TreeSelect; closed, it looks exactly like a Select, which the tables' pagination has loaded. */
export function LazyTreeSelect(props: TreeSelectProps) {
  const standIn = (
    <Select
      open={false}
      allowClear={props.allowClear}
      showSearch={Boolean(props.showSearch)}
      placeholder={props.placeholder}
      aria-label={props['aria-label']}
      style={props.style}
      data-testid={(props as { 'data-testid'?: string })['data-testid']}
    />
  );
  return (
    <OnFirstUse standIn={standIn}>
      {(reach) => (
        <LazyTreeSelectControl {...props} autoFocus={reach.input !== undefined} defaultOpen={reach.open} />
      )}
    </OnFirstUse>
  );
}

type RangePickerProps = GetProps<typeof DatePicker.RangePicker>;

/** antd's RangePicker, with an empty look-alike until first use. */
export function LazyRangePicker(props: RangePickerProps) {
  const testId = (props as { 'data-testid'?: string })['data-testid'];
  const [start, end] = Array.isArray(props.placeholder) ? props.placeholder : [];
  return (
    <OnFirstUse standIn={<RangeStandIn start={start} end={end} testId={testId} />}>
      {(reach) => <RangePickerControl {...props} reach={reach} />}
    </OnFirstUse>
  );
}

/** The real RangePicker, focused on the input (start or end) the user reached on the look-alike. */
function RangePickerControl({ reach, ...props }: RangePickerProps & { reach: Reach }) {
  const picker = useRef<GetRef<typeof DatePicker.RangePicker>>(null);
  const { input } = reach;
  useEffect(() => {
    if (input !== undefined) picker.current?.nativeElement.querySelectorAll('input')[input]?.focus();
  }, [input]);
  return <LazyRangePickerControl ref={picker} {...props} defaultOpen={reach.open} />;
}

/** The closed, empty, outlined RangePicker: same box, placeholders, arrow and calendar icon. */
function RangeStandIn({ start, end, testId }: { start?: string; end?: string; testId?: string }) {
  return (
    <div className="mf-range-stand-in">
      <input readOnly size={12} placeholder={start} data-testid={testId} />
      <span className="mf-range-stand-in-separator" aria-hidden="true">
        <SwapRightOutlined />
      </span>
      <input readOnly size={12} placeholder={end} data-testid={testId} />
      <CalendarOutlined className="mf-range-stand-in-suffix" aria-hidden="true" />
    </div>
  );
}
