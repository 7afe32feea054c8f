import { Suspense, lazy, startTransition, useState, type CSSProperties, type ReactNode } from 'react';
import { Select, theme } from 'antd';
import type { DatePicker, GetProps, TreeSelectProps } from 'antd';
import { CalendarOutlined, SwapRightOutlined } from '@ant-design/icons';
import './lazy-filters.css';

/*
 * Filter controls for a first screen: the date-range and tree pickers are about 40 KB gzip that a
 * list does not need before someone opens a filter. Each shows a look-alike made of what the page
 * has loaded anyway until the pointer or the focus reaches it, and only then loads the real control.
 */

const LazyTreeSelectControl = lazy(() => import('antd/es/tree-select'));
const LazyRangePickerControl = lazy(() =>
  import('antd/es/date-picker').then((m) => ({ default: m.default.RangePicker })),
);

/** What the real control should do when it replaces the look-alike: take the focus, and open after a press. */
interface Reach {
  autoFocus?: boolean;
  defaultOpen?: boolean;
}

/**
 * The look-alike until the user reaches for it, then the real control. The swap is a transition
 * inside a boundary already on screen, so the look-alike stays (and keeps taking clicks) while the
 * chunk loads; a press or focus that lands on it meanwhile is handed on to the control.
 */
function OnFirstUse({ standIn, children }: { standIn: ReactNode; children: (reach: Reach) => ReactNode }) {
  const [reach, setReach] = useState<Reach | null>(null);
  const reachWith = (next: Reach) => startTransition(() => setReach((current) => ({ ...current, ...next })));
  const lookAlike = (
    <span
      className="mf-first-use"
      onPointerEnter={() => reachWith({})}
      onPointerDown={() => reachWith({ autoFocus: true, defaultOpen: true })}
      onFocus={() => reachWith({ autoFocus: true })}
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
    <OnFirstUse standIn={standIn}>{(reach) => <LazyTreeSelectControl {...props} {...reach} />}</OnFirstUse>
  );
}

type RangePickerProps = GetProps<typeof DatePicker.RangePicker>;

/** antd's RangePicker, with an empty look-alike drawn from the theme's tokens until first use. */
export function LazyRangePicker(props: RangePickerProps) {
  const testId = (props as { 'data-testid'?: string })['data-testid'];
  const [start, end] = Array.isArray(props.placeholder) ? props.placeholder : [];
  return (
    <OnFirstUse standIn={<RangeStandIn start={start} end={end} testId={testId} />}>
      {(reach) => <LazyRangePickerControl {...props} {...reach} />}
    </OnFirstUse>
  );
}

/** The closed, empty, outlined RangePicker: same box, placeholders, arrow and calendar icon. */
function RangeStandIn({ start, end, testId }: { start?: string; end?: string; testId?: string }) {
  const { token } = theme.useToken();
  const style = {
    '--mf-range-border': token.colorBorder,
    '--mf-range-border-hover': token.colorPrimaryHover,
    '--mf-range-bg': token.colorBgContainer,
    '--mf-range-text': token.colorText,
    '--mf-range-placeholder': token.colorTextPlaceholder,
    '--mf-range-icon': token.colorTextQuaternary,
    '--mf-range-radius': `${token.borderRadius}px`,
    '--mf-range-height': `${token.controlHeight}px`,
    '--mf-range-font-size': `${token.fontSize}px`,
    '--mf-range-font-family': token.fontFamily,
  } as CSSProperties;
  return (
    <div className="mf-range-stand-in" style={style}>
      <input readOnly size={12} placeholder={start} data-testid={testId} />
      <span className="mf-range-stand-in-separator" aria-hidden="true">
        <SwapRightOutlined />
      </span>
      <input readOnly size={12} placeholder={end} data-testid={testId} />
      <CalendarOutlined className="mf-range-stand-in-suffix" aria-hidden="true" />
    </div>
  );
}
