import { expect, test, type Page } from '@playwright/test';
import { Api } from '../../support/api.ts';
import { login, snap } from '../../support/session.ts';

/** Console errors of the page and its frames, e.g. a Content-Security-Policy refusal. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('the API documentation is in the administrator’s menu and its frame loads without CSP errors', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const errors = consoleErrors(page);
  await login(page, 'en');
  await page.getByRole('menuitem', { name: 'API docs' }).click();
  await expect(page).toHaveURL(/#\/iframe\/api-docs/);
  const docs = page.frameLocator('[data-testid="iframe-page"]');
  // Swagger UI is a large script: give it time on a busy machine.
  await expect(docs.locator('.swagger-ui .info .title')).toContainText('MeetFlow API', { timeout: 45_000 });
  await expect(docs.locator('.opblock').first()).toBeVisible();
  await snap(page, info, 'api-docs-en');
  expect(errors.filter((text) => /Content.Security.Policy|Refused/i.test(text))).toEqual([]);
});

test('organisations: a refused delete closes its bubble; a drop under another parent asks first', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const suffix = String(Date.now()).slice(-6);
  const api = await Api.login(request);
  const from = await api.call<{ id: number }>('POST', '/organizations', { name: `From ${suffix}` });
  const to = await api.call<{ id: number }>('POST', '/organizations', { name: `To ${suffix}` });
  const moving = await api.call<{ id: number }>('POST', '/organizations', {
    name: `Moving ${suffix}`,
    parent_id: from.id,
  });
  await login(page, 'en');
  await page.goto('/#/system_setting/organization');
  const node = (id: number) => page.locator(`[data-testid="org-node"][data-id="${id}"]`);
  await expect(node(moving.id)).toBeVisible();

  // "From" still has a sub-organisation: the server refuses. The answer is held back (a slow venue
  // network) to show that the bubble closes at once rather than waiting, so no second one stacks on it.
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(`**/api/organizations/${from.id}`, async (route) => {
    if (route.request().method() === 'DELETE') await held;
    await route.continue();
  });
  const bubbles = page.locator('.ant-popconfirm:visible');
  await node(from.id).getByTestId('org-delete').click();
  await page.getByTestId('org-delete-confirm').click();
  await expect(bubbles).toHaveCount(0);
  // Another delete meanwhile opens one bubble, not a second beside the first.
  await node(to.id).getByTestId('org-delete').click();
  await expect(bubbles).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(bubbles).toHaveCount(0);
  answer();
  await expect(page.locator('.ant-message')).toContainText('still has sub-organisations');
  await expect(bubbles).toHaveCount(0);
  await expect(node(from.id)).toBeVisible();

  // Dragging "Moving" onto "To" names both and waits; cancelling leaves it where it was.
  const drag = () => node(moving.id).dragTo(node(to.id));
  interface TreeNode {
    id: number;
    parent_id: number | null;
    children: TreeNode[];
  }
  const flat = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
  const parentOf = async (id: number) =>
    flat(await api.call<TreeNode[]>('GET', '/organizations')).find((o) => o.id === id)?.parent_id;
  await drag();
  const confirm = page.locator('.ant-modal:visible');
  await expect(confirm).toContainText(`Move "Moving ${suffix}"`);
  await snap(page, info, 'organization-move-confirm-en');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  expect(await parentOf(moving.id)).toBe(from.id);
  await drag();
  await page.getByTestId('org-move-confirm').click();
  await expect(page.locator('.ant-modal:visible')).toHaveCount(0);
  await expect.poll(() => parentOf(moving.id)).not.toBe(from.id);
});
