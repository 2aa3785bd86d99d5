/**
 * `npm start`'s server: the built app and the online rooms at one address (default
 * http://127.0.0.1:4173/), rooms stored a file each under data/rooms/ (restored when it starts).
 * Environment: PORT (0: any free port), HOST, DATA_DIR (a folder; "" keeps rooms in memory),
 * RECONNECT_SECONDS, FLOOD_PER_SECOND (messages a client may send a second before refusals; three times
 * that closes its connection), ROOMS_PER_MINUTE (rooms one address may create a minute, 20), REDIS_URL (several processes share rooms through Redis, where rooms are then
 * stored), PUBLIC_ADDRESS (this process's host:port for the other processes' clients; HOST:PORT by default).
 */
import { resolve } from 'node:path';
import { startGameServer } from './gameServer';

const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = process.env.DATA_DIR ?? 'data/rooms';
const reconnect = process.env.RECONNECT_SECONDS;
const flood = process.env.FLOOD_PER_SECOND;
const roomsPerMinute = process.env.ROOMS_PER_MINUTE;
const redisUrl = process.env.REDIS_URL || null;
const publicAddress = process.env.PUBLIC_ADDRESS || (redisUrl && port ? `${host}:${port}` : undefined);
if (redisUrl && !publicAddress)
  throw new Error('REDIS_URL needs PORT (not 0) or PUBLIC_ADDRESS: other processes send clients here');
if (flood !== undefined && !(Number(flood) > 0))
  throw new Error(`FLOOD_PER_SECOND must be a number of messages (got "${flood}")`);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  throw new Error(`PORT must be a port number (got "${process.env.PORT}")`);
if (roomsPerMinute !== undefined && !(Number(roomsPerMinute) >= 1))
  throw new Error(`ROOMS_PER_MINUTE must be a number of rooms from 1 (got "${roomsPerMinute}")`);
if (reconnect !== undefined && !(Number(reconnect) > 0))
  throw new Error(`RECONNECT_SECONDS must be a number of seconds (got "${reconnect}")`);

const server = await startGameServer({
  port,
  host,
  staticDir: resolve('dist'),
  dataDir: dataDir ? resolve(dataDir) : null,
  ...(reconnect !== undefined ? { reconnectSeconds: Number(reconnect) } : {}),
  redisUrl,
  ...(publicAddress ? { publicAddress } : {}),
  ...(flood !== undefined ? { flood: { refuse: Number(flood), close: 3 * Number(flood) } } : {}),
  ...(roomsPerMinute !== undefined ? { roomsPerMinute: Number(roomsPerMinute) } : {}),
});
const address = server.http.address();
const at = typeof address === 'object' && address ? address.port : port;
console.log(`Serving the tabletop at http://${host}:${at}/ (solo, hotseat and online play)`);
console.log(
  redisUrl
    ? `Online rooms are stored in Redis at ${redisUrl}, shared with its other processes (${server.restored.length} restored)`
    : dataDir
      ? `Online rooms are stored in ${dataDir}/ (${server.restored.length} restored)`
      : 'Online rooms are kept in memory',
);
// The last guard: whatever one room or client gets wrong is logged, and every other room plays on.
process.on('uncaughtException', (e) => console.error('uncaught (the server goes on):', e));
process.on('unhandledRejection', (e) => console.error('unhandled rejection (the server goes on):', e));
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    void server.close().then(() => process.exit(0));
  });
