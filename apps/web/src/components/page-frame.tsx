import type { CSSProperties, ReactNode } from 'react';
import { usePageVisible } from '../lib/page-visibility.ts';
import './page-frame.css';

/*
 * The frame every back-office page sits in: antd's Card and Typography.Title (level 4) drawn with
 * the theme's CSS variables. Card imports Tabs and Skeleton and Title the editable and copyable
 * text, about 20 KB gzip that the first screen would otherwise download for a box and a heading.
 */

export function PageCard({ style, children }: { style?: CSSProperties; children: ReactNode }) {
  return (
    <section className="mf-page-card" style={style}>
      {children}
    </section>
  );
}

/**
 * The page's heading and the document's one `h1` (drawn at heading-4 size); `page-title` only while
 * the page is on screen (cached pages wait hidden).
 */
export function PageTitle({ style, children }: { style?: CSSProperties; children: ReactNode }) {
  const visible = usePageVisible();
  return (
    <h1 className="mf-page-title" data-testid={visible ? 'page-title' : undefined} style={style}>
      {children}
    </h1>
  );
}
