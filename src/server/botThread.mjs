// The bot thread's entry: plain JavaScript that lets Node load TypeScript (tsx's loader, as `npm start`
// runs the server), then the thread itself (botWorker.ts). A worker does not inherit the loader.
import { register } from 'tsx/esm/api';

register();
await import('./botWorker.ts');
