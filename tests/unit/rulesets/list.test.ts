/**
 * The list of rulesets loads a ruleset's code when it is first asked for (src/rulesets.ts): the cards
 * are at hand at once, a ruleset only after `loadRuleset`, once, with its listeners told; a bad id or a
 * failed fetch is refused naming what is wrong.
 */
import { describe, expect, it } from 'vitest';
import { CARDS, cardOf, listed, listOf, RULESET_IDS, type AnyRuleset } from '../../../src/rulesets';
import { RULESETS } from '../../../src/rulesetsLoaded';
import toy from '../../fixtures/toy-duel';

/** A line whose loads are counted, and which fails the first `failures` times. */
function counted(r: AnyRuleset, failures = 0) {
  let calls = 0;
  return {
    line: {
      ...listed(r),
      load: () => (++calls <= failures ? Promise.reject(new Error('network down')) : Promise.resolve(r)),
    },
    calls: () => calls,
  };
}

describe('the list of rulesets', () => {
  it('has a card for each ruleset, with the title and name the loaded ruleset carries', () => {
    expect(CARDS.map((c) => c.id)).toEqual(RULESET_IDS);
    expect(RULESETS.map((r) => ({ id: r.id, title: r.title, name: r.name }))).toEqual(
      RULESET_IDS.map((id) => cardOf(id)),
    );
    expect(cardOf('chess')).toBeNull();
  });

  it('loads a ruleset once, on the first ask, and says so to its listeners', async () => {
    const c = counted(toy);
    const list = listOf([c.line]);
    const heard: string[] = [];
    list.onLoaded((r) => heard.push(r.id));
    expect(list.loadedRuleset(toy.id)).toBeNull();
    expect(list.loadedRulesets()).toEqual([]);
    expect(() => list.loadedRulesetOf(toy.id)).toThrow(`the ruleset "${toy.id}" has not been loaded`);
    expect(c.calls()).toBe(0);
    const [a, b] = await Promise.all([list.loadRuleset(toy.id), list.loadRuleset(toy.id)]);
    expect(a).toBe(toy);
    expect(b).toBe(toy);
    await list.loadRuleset(toy.id);
    expect(c.calls()).toBe(1);
    expect(heard).toEqual([toy.id]);
    expect(list.loadedRulesetOf(toy.id)).toBe(toy);
    // A listener that comes later hears of the rulesets already loaded, at once.
    const late: string[] = [];
    list.onLoaded((r) => late.push(r.id));
    expect(late).toEqual([toy.id]);
  });

  it('keeps the same array of loaded rulesets until another loads (a stable snapshot for React)', async () => {
    const [x, y] = RULESETS;
    const list = listOf([listed(x!), listed(y!)]);
    const before = list.loadedRulesets();
    expect(list.loadedRulesets()).toBe(before);
    await list.loadRuleset(y!.id);
    const one = list.loadedRulesets();
    expect(one).not.toBe(before);
    expect(one.map((r) => r.id)).toEqual([y!.id]);
    await list.loadRuleset(y!.id);
    expect(list.loadedRulesets()).toBe(one);
    await list.loadRuleset(x!.id);
    // In the list's order, not the order they loaded in.
    expect(list.loadedRulesets().map((r) => r.id)).toEqual([x!.id, y!.id]);
  });

  it('refuses an id it does not list, naming the choices', async () => {
    const list = listOf([listed(toy)]);
    await expect(list.loadRuleset('chess')).rejects.toThrow(`no ruleset "chess" (have: ${toy.id})`);
    expect(() => list.loadedRulesetOf('chess')).toThrow(`no ruleset "chess" (have: ${toy.id})`);
  });

  it('asks again after a failed fetch', async () => {
    const c = counted(toy, 1);
    const list = listOf([c.line]);
    await expect(list.loadRuleset(toy.id)).rejects.toThrow('network down');
    expect(list.loadedRuleset(toy.id)).toBeNull();
    expect(await list.loadRuleset(toy.id)).toBe(toy);
    expect(c.calls()).toBe(2);
  });

  it('refuses a line whose code is another ruleset, and two lines with one id', async () => {
    const list = listOf([{ ...listed(toy), id: 'other' }]);
    await expect(list.loadRuleset('other')).rejects.toThrow(`the list's line "other" loaded the ruleset "${toy.id}"`);
    expect(() => listOf([listed(toy), listed(toy)])).toThrow(`two rulesets have the id "${toy.id}"`);
  });
});
