/**
 * The back office's orders page (features/orders, issue 44). The page reads its meeting (`meeting`)
 * and the open order (`order`) from its URL, so that other pages can link to both.
 */
export const ORDERS_PATH = '/meeting_management/orders';

export function ordersLink(meetingId: number, orderId?: number): string {
  const params = new URLSearchParams({ meeting: String(meetingId) });
  if (orderId) params.set('order', String(orderId));
  return `${ORDERS_PATH}?${params.toString()}`;
}
