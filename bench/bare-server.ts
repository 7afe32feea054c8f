// The baseline: a bare Fastify hello-world with the same server settings as the app.
import Fastify from 'fastify';

const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
app.get('/api/health', async () => ({ code: 0, message: 'ok', data: { status: 'ok' } }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3402) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
