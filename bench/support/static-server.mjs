// The reference of the list benchmark: @fastify/static serving a folder's files, pre-compressed variants
// (.br, .gz) included, in its own process like the API. Usage: node static-server.mjs <folder> <port>
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

const [root, port] = process.argv.slice(2);
const app = Fastify({ logger: false });
await app.register(fastifyStatic, { root, preCompressed: true });
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
