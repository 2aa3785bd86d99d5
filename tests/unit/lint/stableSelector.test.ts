import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// Without type information: the files linted here need not exist, and the project service reads only
// files on disk (the rules checked here read no types).
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: tseslint.configs.disableTypeChecked });

async function flagged(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(
    `import { useStore } from 'zustand';\nimport { useShallow } from 'zustand/react/shallow';\ndeclare const store: any;\n${code}\n`,
    { filePath: 'src/ui/x.tsx' },
  );
  return (result?.messages ?? []).filter((m) => m.ruleId === 'tabletop/stable-selector').map((m) => m.message);
}

/** Selectors that build a fresh value on every call loop React 19 (the match crash); stable ones pass. */
const CASES: [code: string, fresh: boolean][] = [
  ['export const a = useStore(store, (s) => (s.selectedId && s.play ? { rules: s.play.rules } : null));', true],
  ['export const a = useStore(store, (s) => ({ id: s.selectedId }));', true],
  ['export const a = useStore(store, (s) => [s.a, s.b]);', true],
  ['export const a = useStore(store, (s) => s.models.filter((m) => m.on));', true],
  ['export const a = useStore(store, (s) => s.models.map((m) => m.id));', true],
  ['export const a = useStore(store, (s) => s.models ?? []);', true],
  ['export const a = useStore(store, (s) => Object.values(s.models));', true],
  ['export const a = useStore(store, (s) => { if (!s.play) return null; return { x: 1 }; });', true],
  ['export const a = useStore(store, (s) => s.eventLog.slice(-8));', true],
  ['export const a = useStore(store, (s) => { const o = { a: s.a }; return o; });', true],
  ['const sel = (s) => ({ a: s.a });\nexport const a = useStore(store, sel);', true],
  ['export const a = useStore(store, (s) => s.models.reduce((acc, m) => ({ ...acc, [m.id]: m }), {}));', true],
  ['export const a = useStore(store, (s) => s.models.sort());', true],
  ['export const a = useStore(store, (s) => s.models.reduce((n, m) => n + m.points, 0));', false],
  ['const sel = (s) => s.selectedId;\nexport const a = useStore(store, sel);', false],
  ['export const a = useStore(store, useShallow((s) => ({ a: s.a })));', false],
  ['export const a = useStore(store, (s) => { const id = s.selectedId; return id; });', false],
  ['export const a = useStore(store, (s) => s.selectedId);', false],
  ['export const a = useStore(store, (s) => s.play?.markers);', false],
  ['export const a = useStore(store, (s) => s.models.find((m) => m.id === s.selectedId));', false],
  ['export const a = useStore(store, (s) => s.eventQueue.length);', false],
  ['export const a = useStore(store, (s) => (s.play ? s.play.match.state.models[s.selectedId] : undefined));', false],
  ['export const a = useStore(store, (s) => `${s.a}:${s.b}`);', false],
];

describe('lint rule tabletop/stable-selector', () => {
  it.each(CASES)('%s -> flagged %s', async (code, fresh) => {
    const messages = await flagged(code);
    expect(messages.length > 0).toBe(fresh);
    if (fresh) expect(messages[0]).toMatch(/Maximum update depth/);
  });

  it('the app itself has no such selector', async () => {
    const results = await eslint.lintFiles(['src/**/*.tsx']);
    const hits = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === 'tabletop/stable-selector').map((m) => `${r.filePath}:${m.line}`),
    );
    expect(hits).toEqual([]);
  });
});
