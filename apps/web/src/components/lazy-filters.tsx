import {
  Suspense,
  lazy,
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
  type RefObject,
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
function OnFirstUse({
  standIn,
  children,
  holdsValue,
}: {
  standIn: ReactNode;
  children: (reach: Reach) => ReactNode;
  /** A value to show (a filter restored from the URL): the look-alike cannot, the control comes at once. */
  holdsValue: boolean;
}) {
  const [reach, setReach] = useState<Reach | null>(null);
  if (holdsValue && !reach) setReach({});
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
    <OnFirstUse standIn={standIn} holdsValue={props.value !== undefined && props.value !== null}>
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
  // What is typed into the look-alike while the control loads, start and end: handed on, never lost.
  const typed = useRef<string[]>([]);
  const standIn = (
    <RangeStandIn
      start={start}
      end={end}
      testId={testId}
      onInput={(event) => {
        typed.current = [...event.currentTarget.querySelectorAll('input')].map((input) => input.value);
      }}
    />
  );
  return (
    <OnFirstUse standIn={standIn} holdsValue={Boolean(props.value?.[0] ?? props.value?.[1])}>
      {(reach) => <RangePickerControl {...props} reach={reach} typed={typed} />}
    </OnFirstUse>
  );
}

/**
 * The real RangePicker, focused on the input (start or end) the user reached on the look-alike, with
 * what they typed there: a date can be typed from the first key, however slowly the chunk loads.
 */
function RangePickerControl({
  reach,
  typed,
  ...props
}: RangePickerProps & { reach: Reach; typed: RefObject<string[]> }) {
  const picker = useRef<GetRef<typeof DatePicker.RangePicker>>(null);
  const inputs = () => picker.current?.nativeElement.querySelectorAll('input');
  const { input } = reach;
  // Focus moves in the commit that removes the look-alike, so that no key falls between the two...
  useLayoutEffect(() => {
    if (input !== undefined) inputs()?.[input]?.focus();
  }, [input]);
  // ...and the text goes in once the picker has settled its own (it empties its inputs on mount and focus).
  useEffect(() => {
    typed.current.forEach((text, index) => {
      const target = inputs()?.[index];
      if (text && target) typeInto(target, text + target.value);
    });
  }, [typed]);
  return <LazyRangePickerControl ref={picker} {...props} defaultOpen={reach.open} />;
}

/** Puts text into a React-managed input as typing would: the picker parses it as its own. */
function typeInto(input: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The closed, empty, outlined RangePicker: same box, placeholders, arrow and calendar icon. */
function RangeStandIn(props: {
  start?: string | undefined;
  end?: string | undefined;
  testId?: string | undefined;
  onInput: (event: FormEvent<HTMLDivElement>) => void;
}) {
  const { start, end, testId } = props;
  return (
    <div className="mf-range-stand-in" onInput={props.onInput}>
      <input size={12} placeholder={start} data-testid={testId} />
      <span className="mf-range-stand-in-separator" aria-hidden="true">
        <SwapRightOutlined />
      </span>
      <input size={12} placeholder={end} data-testid={testId} />
      <CalendarOutlined className="mf-range-stand-in-suffix" aria-hidden="true" />
    </div>
  );
}
