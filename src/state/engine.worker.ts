/**
 * The Web Worker that runs the rules engine, the bots and their geometry queries off the page's main
 * thread (engine.ts's LocalEngine, exposed through comlink). The page reaches it through
 * workerEngine.ts; mesh bytes come from the page on request, since a file the player imported exists
 * only there.
 */
import { expose } from 'comlink';
import { LocalEngine } from './engine';

expose(new LocalEngine());
