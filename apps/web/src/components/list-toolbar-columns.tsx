import type { Key, ReactNode } from 'react';
import { Checkbox, Flex } from 'antd';

interface ColumnChecksProps {
  columns: readonly { key?: Key; title?: unknown }[];
  hidden: ReadonlySet<string>;
  setHidden: (hidden: ReadonlySet<string>) => void;
}

/** The list toolbar's column settings: a checkbox per column, ticked while it is shown. */
export default function ColumnChecks({ columns, hidden, setHidden }: ColumnChecksProps) {
  const toggle = (key: string, shown: boolean) => {
    const next = new Set(hidden);
    if (shown) next.delete(key);
    else next.add(key);
    setHidden(next);
  };
  return (
    <Flex vertical gap={4} data-testid="list-toolbar-columns">
      {columns.map((column) => {
        const key = String(column.key);
        return (
          <Checkbox
            key={key}
            checked={!hidden.has(key)}
            onChange={(event) => toggle(key, event.target.checked)}
          >
            {typeof column.title === 'function' ? key : (column.title as ReactNode)}
          </Checkbox>
        );
      })}
    </Flex>
  );
}
