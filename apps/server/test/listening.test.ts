import { describe, expect, it } from 'vitest';
import { createTestContext, TEST_DB } from './helpers.ts';
import { exited, freePort, startInstance, stopInstance } from './server-process.ts';

/*
 * On Linux the server holds its port with several listening sockets that share it
 * (lib/accept-spread.ts). Sharing is open to any process that asks for it, so the server first
 * binds the port unshared: a second instance started on the same port by mistake must still fail.
 */
describe.runIf(process.platform === 'linux')(`the server's port (${TEST_DB})`, () => {
  it('a second instance on the same port fails to start, and the first goes on serving', async () => {
    const ctx = await createTestContext();
    const port = await freePort();
    const first = await startInstance(ctx, port);
    // Its health check is answered by the first instance: what tells is that the second one ends.
    const second = await startInstance(ctx, port);
    const outcome = await Promise.race([
      exited(second),
      new Promise((resolve) => setTimeout(() => resolve('still running'), 15_000)),
    ]);
    if (outcome === 'still running') second.child.kill('SIGKILL');
    expect(outcome).toBe(1);
    expect(second.output.join('\n')).toMatch(/EADDRINUSE/);
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    expect(await stopInstance(first)).toBe(0);
    await ctx.close();
  }, 60_000);
});
