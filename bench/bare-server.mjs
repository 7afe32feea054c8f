// The baseline: a bare Fastify hello-world with the same server settings as the app. Plain JavaScript,
// as the app's build is (decision 0127): a .ts file would load Node's type stripper, ~16 MB of RSS.
import Fastify from 'fastify';

const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
app.get('/api/health', async () => ({ code: 0, message: 'ok', data: { status: 'ok' } }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3402) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
