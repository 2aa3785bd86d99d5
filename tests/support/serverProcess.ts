/**
 * The game server as `npm start` runs it (`src/server/main.ts` under tsx), in a process of its own: for the
 * online bench and the tests that need a real server process (several of them on one Redis, one killed).
 */
import { spawn, type ChildProcess } from 'node:child_process';

/** A running server process. */
export interface ServerProcess {
  url: string;
  port: number;
  /** Stops it as a person would (SIGTERM: its rooms close). */
  stop(): Promise<void>;
  /** Kills it at once (SIGKILL: a crash; nothing is closed or written). */
  kill(): Promise<void>;
}

/** Starts `src/server/main.ts` with the environment given (PORT 0: any free port); resolves once it serves. */
export async function serverProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the game server did not start in 60 s:\n${out}`)), 60_000);
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /Serving the tabletop at (http:\/\/[^/\s]+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the game server exited (${code}):\n${out}`));
    });
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await gone;
  };
  return { url, port: Number(new URL(url).port), stop: () => end('SIGTERM'), kill: () => end('SIGKILL') };
}

/**
 * Resolves once `ok()` holds, asking again every few milliseconds (messages arrive over sockets). It keeps
 * no clock of its own: a wait that never ends is ended by the test harness's time limit.
 */
export async function until(ok: () => boolean): Promise<void> {
  while (!ok()) await new Promise((r) => setTimeout(r, 10));
}

/** Starts a redis-server of its own on a loopback port (no disk); resolves with it once it accepts connections. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await new Promise<void>((resolve, reject) => {
    let out = '';
    redis.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
    redis.on('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
  });
  return redis;
}
