import type { GuestPage } from './guests-types.ts';

type Counted = Pick<GuestPage, 'total' | 'total_capped' | 'page' | 'page_size'> & {
  items: readonly unknown[];
};

/**
 * The total as the list words it, or undefined for an exact one (the toolbar's own wording): a
 * capped total ("more than this many match", a broad keyword) reads "10,000+".
 */
export function cappedTotalText(page: Counted | undefined, lang: string): string | undefined {
  return page?.total_capped ? `${new Intl.NumberFormat(lang).format(page.total)}+` : undefined;
}

/**
 * The total the pager is given. A capped total is a lower bound, so while pages come back full the
 * pager offers the page after the current one (paging goes on past the cap), and a short page ends it.
 */
export function pagerTotal(page: Counted | undefined): number {
  if (!page) return 0;
  if (!page.total_capped) return page.total;
  const shown = (page.page - 1) * page.page_size + page.items.length;
  return page.items.length < page.page_size ? shown : Math.max(page.total + 1, shown + 1);
}
