/**
 * `npm run bench [-- --json]`: runs every benchmark and prints a table, or one JSON object whose
 * keys nest by dots (`los.pairMedianMs` is `{"los": {"pairMedianMs": ...}}`). `--only=los` or
 * `--only=move` runs one; `--baseline=DIR` instead times this tree against another checkout in
 * the same run (see baseline.ts); `--battles [--games=N] [--hard-games=N]` plays whole headless games of every
 * ruleset instead (battle.bench.ts; `--rules=<id>` plays only that ruleset), its JSON `{"battle": {"<id>": {msPerGame, games, winsVsRandom,
 * mirrorWinShareA, forcesWinShare, mechanics, idleShare, wasted, hardVsNormal, normalVsEasy, openings, …}}}`
 * (Hard searches, so its games against Normal are `--hard-games`, by default 4 or `--games` if fewer). `--render [--dist=DIR]` instead measures rendering in Chromium
 * (render.bench.ts: frame rate of a 40-model battle against an empty table, time to the first frame,
 * main-thread work while idle) on a fresh build of this tree, or on an existing build in DIR.
 * `--longtasks [--cap=SECONDS] [--rules=<id>] [--dist=DIR]` instead plays a whole AI-vs-AI game of every
 * ruleset in Chromium with the engine in its worker and on the main thread, and counts the page's long
 * tasks (longtask.bench.ts; JSON `{"longtasks": {"<id>": {moves, longTasks, longestMs, blockedMs, …,
 * "worker": {...}, "main": {...}}}}`, the top-level figures being the worker's, as shipped).
 * `--online [--rooms=N] [--rules=<id>] [--think=MS] [--ai-rooms=K]` instead plays N of the AI's games at once in
 * online rooms on a game server process over loopback, each side waiting MS (250) before each move, then flat
 * out, then K of them (20) with both seats the server's own AI (online.bench.ts; JSON `{"online": {rooms,
 * actions, msPerAction, p95MsPerAction, mismatches, lost, headlessMsPerAction, flatOut: {…}, serverAi: {…},
 * …}}`; 100 rooms of the RPG by default).
 * `--scale [--browser]` instead builds a 6x4 table of 100 models on about 500k triangles (scale.bench.ts;
 * JSON `{"scale": {models, triangles, matrixMs, incrementalMs, pathMs, reachMs, coldBuildMs, …}}`, and with
 * `--browser [--dist=DIR]` `browserFirstFrameMs` and `browserLongestLoadTaskMs` from Chromium loading it).
 */
import { baselineBench } from './baseline';
import { battleFigures, battleRows } from './battle.bench';
import { printTable, type Figure } from './harness';
import { longTaskBench, longTaskJson, printLongTasks } from './longtask.bench';
import { losBench } from './los.bench';
import { moveBench } from './move.bench';
import { onlineBench, onlineRows } from './online.bench';
import { renderBench } from './render.bench';
import { scaleBench, scaleRows } from './scale.bench';
import { scaleBrowserBench } from './scaleBrowser';

const json = process.argv.includes('--json');
const log = (line: string) => {
  if (!json) console.log(line);
};

/** Prints figures as a table, or as JSON whose keys nest by dots. */
function report(title: string, figures: Figure[]): void {
  if (json) {
    const out: Record<string, Record<string, number>> = {};
    for (const f of figures) {
      const [group = 'misc', key = f.key] = f.key.split('.');
      (out[group] ??= {})[key] = Math.round(f.value * 1e5) / 1e5;
    }
    console.log(JSON.stringify(out));
  } else printTable(title, figures);
}

if (process.argv.includes('--scale')) {
  const f = scaleBench(log);
  if (process.argv.includes('--browser')) {
    const dist = process.argv.find((a) => a.startsWith('--dist='))?.slice('--dist='.length);
    Object.assign(f, await scaleBrowserBench(log, dist));
  }
  if (json) console.log(JSON.stringify({ scale: f }));
  else printTable('A 6x4 table: 100 models on about 500k triangles', scaleRows(f));
} else if (process.argv.includes('--online')) {
  const rooms = Number(process.argv.find((a) => a.startsWith('--rooms='))?.slice('--rooms='.length) ?? 100);
  if (!Number.isInteger(rooms) || rooms < 1) throw new Error(`--rooms must be a whole number from 1 up (got ${rooms})`);
  const rules = process.argv.find((a) => a.startsWith('--rules='))?.slice('--rules='.length) ?? 'rpg-attacks';
  const think = Number(process.argv.find((a) => a.startsWith('--think='))?.slice('--think='.length) ?? 250);
  if (!(think >= 0)) throw new Error(`--think must be a number of milliseconds (got ${think})`);
  const aiRooms = Number(
    process.argv.find((a) => a.startsWith('--ai-rooms='))?.slice('--ai-rooms='.length) ?? Math.min(rooms, 20),
  );
  if (!Number.isInteger(aiRooms) || aiRooms < 1)
    throw new Error(`--ai-rooms must be a whole number from 1 up (got ${aiRooms})`);
  const f = await onlineBench(log, rooms, rules, think, Math.min(aiRooms, rooms));
  if (json) console.log(JSON.stringify({ online: f }));
  else printTable(`Online rooms over loopback: one server process, then two on one Redis`, onlineRows(f));
} else if (process.argv.includes('--longtasks')) {
  const cap = Number(process.argv.find((a) => a.startsWith('--cap='))?.slice('--cap='.length) ?? 180);
  if (!(cap > 0)) throw new Error(`--cap must be a number of seconds above 0 (got ${cap})`);
  const dist = process.argv.find((a) => a.startsWith('--dist='))?.slice('--dist='.length);
  const rules = process.argv.find((a) => a.startsWith('--rules='))?.slice('--rules='.length);
  const all = await longTaskBench(log, cap, dist, rules);
  if (json) console.log(JSON.stringify({ longtasks: longTaskJson(all) }));
  else printLongTasks(all, cap);
} else if (process.argv.includes('--render')) {
  const dist = process.argv.find((a) => a.startsWith('--dist='))?.slice('--dist='.length);
  report('Rendering in Chromium (software WebGL, 1280x800)', await renderBench(log, dist));
} else if (process.argv.includes('--battles')) {
  const games = Number(process.argv.find((a) => a.startsWith('--games='))?.slice('--games='.length) ?? 4);
  if (!Number.isInteger(games) || games < 1) throw new Error(`--games must be a whole number from 1 up (got ${games})`);
  const rules = process.argv.find((a) => a.startsWith('--rules='))?.slice('--rules='.length);
  const hardText = process.argv.find((a) => a.startsWith('--hard-games='))?.slice('--hard-games='.length);
  const hardGames = hardText === undefined ? Math.min(games, 4) : Number(hardText);
  if (!Number.isInteger(hardGames) || hardGames < 1)
    throw new Error(`--hard-games must be a whole number from 1 up (got ${hardText})`);
  const all = await battleFigures(games, log, rules, hardGames);
  if (json) console.log(JSON.stringify({ battle: all }));
  else printTable('Headless battles (AI vs random, mirror, default forces)', battleRows(all));
} else {
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const baseline = process.argv.find((a) => a.startsWith('--baseline='))?.slice('--baseline='.length);
  const figures: Figure[] = baseline
    ? await baselineBench(baseline, log)
    : [...(only && only !== 'los' ? [] : losBench(log)), ...(only && only !== 'move' ? [] : moveBench(log))];

  report(
    baseline
      ? 'This tree against a baseline checkout (reference table)'
      : 'Line of sight and movement (reference table)',
    figures,
  );
}
