import { describe, expect, it } from 'vitest';
import { cappedTotalText, pagerTotal } from './guest-list-total.ts';

const page = (over: { total?: number; total_capped?: boolean; page?: number; rows?: number }) => ({
  total: over.total ?? 10_000,
  total_capped: over.total_capped ?? true,
  page: over.page ?? 1,
  page_size: 20,
  items: Array.from({ length: over.rows ?? 20 }),
});

describe('cappedTotalText', () => {
  it('reads "10,000+" in every language when the server stopped counting', () => {
    for (const lang of ['zh-tw', 'zh-cn', 'en']) expect(cappedTotalText(page({}), lang)).toBe('10,000+');
  });

  it('leaves an exact total, or none yet, to the toolbar', () => {
    expect(cappedTotalText(page({ total: 42, total_capped: false }), 'en')).toBeUndefined();
    expect(cappedTotalText(undefined, 'en')).toBeUndefined();
  });
});

describe('pagerTotal', () => {
  it('gives an exact total as it is', () => {
    expect(pagerTotal(page({ total: 42, total_capped: false, rows: 2, page: 3 }))).toBe(42);
    expect(pagerTotal(undefined)).toBe(0);
  });

  it('lets a capped list page past the cap while pages come back full', () => {
    // 500 full pages of 20 and one more.
    expect(pagerTotal(page({}))).toBe(10_001);
    // On page 501 (rows 10,001 to 10,020): page 502 is offered.
    expect(pagerTotal(page({ page: 501 }))).toBe(10_021);
  });

  it('ends at a short page', () => {
    expect(pagerTotal(page({ page: 510, rows: 7 }))).toBe(509 * 20 + 7);
  });
});
