import { spectatorEvents, spectatorView } from '../../../src/state/spectatorView';
import type { BlkoutState } from '../../../src/rules/blkout/game';
import type { Match } from '../../../src/rules/engine/match';
import type { Action } from '../../../src/rules/engine/types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMeshes } from '../../../src/io/meshCache';
import {
  broadcastHost,
  changes,
  createDirectionStore,
  stampedPort,
  type Port,
  type SpectatorMessage,
} from '../../../src/spectator/channel';
import { createLinkStore, mirrorHost } from '../../../src/spectator/mirror';
import { meshSources } from '../../../src/state/sceneLoader';
import { createTabletopStore } from '../../../src/state/store';
import { fromDisk, playOnSandbox, sandbox } from '../../support/playSetup';

/** An in-memory BroadcastChannel: a message reaches every other port, at once (as a channel, never the sender). */
function bus() {
  const ports: Port[] = [];
  const sent: SpectatorMessage[] = [];
  const open = (): Port => {
    const p: Port = {
      postMessage: (m) => {
        sent.push(m);
        for (const o of ports) if (o !== p) o.onmessage?.({ data: JSON.parse(JSON.stringify(m)) as unknown });
      },
      onmessage: null,
      close: () => ports.splice(ports.indexOf(p), 1),
    };
    ports.push(p);
    return p;
  };
  return { open, sent };
}

const loadScene = (scene: Parameters<typeof meshSources>[0]) =>
  loadMeshes(
    meshSources(scene).map((s) => s.src),
    fromDisk,
  );

function spectator(port: Port) {
  const store = createTabletopStore(sandbox, 'sandbox.json');
  const direction = createDirectionStore();
  const link = createLinkStore();
  const mirror = mirrorHost(store, direction, link, port, loadScene);
  return { store, direction, link, mirror };
}

describe('spectator mirror (seed 1, BLKOUT AI v AI)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('catches up with a snapshot, then follows every move, event, speed change and Skip; a reopened window catches up', async () => {
    const b = bus();
    const host = playOnSandbox();
    const direction = createDirectionStore();
    broadcastHost(host.store, direction, b.open());
    expect(await host.play.start({ rules: 'blkout', seats: { A: 'ai', B: 'ai' }, seed: 1 })).toEqual({ ok: true });
    for (let i = 0; i < 3; i++) await vi.advanceTimersByTimeAsync(1);

    const one = spectator(b.open());
    await one.mirror.settled();
    expect(one.link.getState().connected).toBe(true);
    // The spectator holds no side's secrets: the match as no side sees it (no seed, the BURN hands as cards' backs), no choices.
    expect(one.store.getState().play).toEqual(spectatorView(host.store.getState().play));
    const seen = one.store.getState().play!.match as Match<BlkoutState, Action>;
    expect(seen.rng.seed).toBe(0);
    expect((host.store.getState().play!.match.state as BlkoutState).burn.hands.A).toHaveLength(3);
    expect(seen.state.burn.hands).toEqual({ A: ['hidden', 'hidden', 'hidden'], B: ['hidden', 'hidden', 'hidden'] });
    expect(one.store.getState().scene).toEqual(host.store.getState().scene);
    // Caught up, not replayed: a snapshot animates nothing.
    expect(one.store.getState().eventQueue).toEqual([]);

    for (let i = 0; i < 6; i++) await vi.advanceTimersByTimeAsync(1);
    await one.mirror.settled();
    const h = host.store.getState();
    const s = one.store.getState();
    expect(h.play!.match.log.length).toBeGreaterThanOrEqual(9);
    expect(s.play!.match.log).toEqual(h.play!.match.log);
    expect(s.eventLog).toEqual(spectatorEvents('blkout', h.eventLog));
    expect(h.eventLog.some((e) => e.shuffled)).toBe(true);
    expect(s.eventLog.some((e) => e.shuffled)).toBe(false);
    expect(s.eventBatch).toBe(h.eventBatch);
    expect(s.scene.models).toEqual(h.scene.models);
    // The spectator queues the events it did not see in the snapshot, to play them itself.
    expect(s.eventQueue.length).toBeGreaterThan(0);
    // Both sides are the AI's: every event is an AI move's, at the AI turn pace (2x), in the spectator's queue too.
    expect(s.eventQueue.map((e) => e.pace)).toEqual(s.eventQueue.map(() => 2));

    host.store.getState().setAnimationSpeed(4);
    await one.mirror.settled();
    expect(one.store.getState().animationSpeed).toBe(4);
    host.store.setState({ eventQueue: [h.eventLog[0]!, h.eventLog[1]!] });
    host.store.getState().skipAnimations();
    await one.mirror.settled();
    expect(one.store.getState().eventQueue).toEqual([]);

    direction.getState().setDirection({ target: 'fixed', style: 'host' });
    host.store.getState().select(h.scene.models![0]!.id);
    await one.mirror.settled();
    expect(one.direction.getState().direction.target).toBe('fixed');
    expect(one.direction.getState().direction.style).toBe('host');
    expect(one.link.getState().hostSelectedId).toBe(h.scene.models![0]!.id);

    // Closed, the host plays on, opened again: the new window catches up.
    one.mirror.close();
    for (let i = 0; i < 4; i++) await vi.advanceTimersByTimeAsync(1);
    const two = spectator(b.open());
    await two.mirror.settled();
    expect(two.store.getState().play!.match.log).toEqual(host.store.getState().play!.match.log);
    expect(one.store.getState().play!.match.log.length).toBeLessThan(two.store.getState().play!.match.log.length);
  });

  it("ignores another window's snapshot once caught up, and everything before its own", async () => {
    const b = bus();
    const host = playOnSandbox();
    broadcastHost(host.store, createDirectionStore(), b.open());
    const one = spectator(b.open());
    await one.mirror.settled();
    one.store.setState({ eventQueue: [{ type: 'moved', text: 'x' }] });
    const two = spectator(b.open());
    await two.mirror.settled();
    await one.mirror.settled();
    expect(one.store.getState().eventQueue).toHaveLength(1);
    expect(two.link.getState().connected).toBe(true);

    // Without a host's snapshot a spectator applies nothing.
    const lone = bus();
    const three = spectator(lone.open());
    lone.open().postMessage({ type: 'scene', scene: { ...sandbox, models: [] }, sceneVersion: 7 });
    await three.mirror.settled();
    expect(three.store.getState().scene.models).toHaveLength(1);
    expect(three.link.getState().connected).toBe(false);
  });

  it('a spectator opened before its host syncs when the host starts; it follows that host only, and the next one after a reload', async () => {
    const b = bus();
    const one = spectator(b.open());
    await one.mirror.settled();
    expect(one.link.getState().connected).toBe(false);
    // The host window opens later: its "host-up" makes the waiting spectator ask again.
    const host = playOnSandbox();
    const first = stampedPort(b.open(), 'h1');
    const stop = broadcastHost(host.store, createDirectionStore(), first);
    await one.mirror.settled();
    expect(one.link.getState().connected).toBe(true);
    expect(b.sent.filter((m) => m.type === 'hello')).toHaveLength(2);
    // Another host's changes do not reach it.
    const other = stampedPort(b.open(), 'h2');
    other.postMessage({ type: 'scene', scene: { ...sandbox, models: [] }, sceneVersion: 9 });
    await one.mirror.settled();
    expect(one.store.getState().scene.models).toHaveLength(1);
    // The host is reloaded (a new id): the spectator takes the new host's snapshot and follows it.
    stop();
    first.close();
    const again = playOnSandbox();
    again.store.getState().setAnimationSpeed(2);
    broadcastHost(again.store, createDirectionStore(), stampedPort(b.open(), 'h3'));
    await one.mirror.settled();
    expect(one.store.getState().animationSpeed).toBe(2);
    again.store.getState().setAnimationSpeed(4);
    await one.mirror.settled();
    expect(one.store.getState().animationSpeed).toBe(4);
    one.mirror.close();
  });

  it('passes on Skip of a single queued event, and of a dice throw with nothing queued', () => {
    const host = playOnSandbox();
    const before = host.store.getState();
    host.store.setState({ eventQueue: [{ type: 'moved', text: 'x' }] });
    const queued = host.store.getState();
    host.store.getState().skipAnimations();
    expect(changes(queued, host.store.getState())).toContainEqual({ type: 'skip' });
    const empty = host.store.getState();
    host.store.getState().skipAnimations();
    expect(changes(empty, host.store.getState())).toContainEqual({ type: 'skip' });
    // A finished event (the head dropped) is not a Skip.
    host.store.setState({ eventQueue: [{ type: 'moved', text: 'x' }] });
    const one = host.store.getState();
    host.store.getState().finishEvent();
    expect(changes(one, host.store.getState())).not.toContainEqual({ type: 'skip' });
    expect(before.skipCount).toBe(0);
  });

  it("keeps the URL's overlay parts until the host changes its own overlay set", async () => {
    const b = bus();
    const host = playOnSandbox();
    const hostDirection = createDirectionStore();
    broadcastHost(host.store, hostDirection, b.open());
    const store = createTabletopStore(sandbox, 'sandbox.json');
    const mine = { status: false, score: true, roll: false, log: false };
    const direction = createDirectionStore({ target: 'active', style: 'cinematic', overlay: mine });
    const mirror = mirrorHost(store, direction, createLinkStore(), b.open(), loadScene, true);
    await mirror.settled();
    expect(direction.getState().direction.overlay).toEqual(mine);
    hostDirection.getState().setDirection({ target: 'selected' });
    await mirror.settled();
    expect(direction.getState().direction).toEqual({ target: 'selected', style: 'cinematic', overlay: mine });
    const theirs = { status: true, score: false, roll: true, log: true };
    hostDirection.getState().setDirection({ overlay: theirs });
    await mirror.settled();
    expect(direction.getState().direction.overlay).toEqual(theirs);
  });

  it('sends a loaded game as a new log to show, not as events to animate', async () => {
    const host = playOnSandbox();
    const prev = host.store.getState();
    host.store
      .getState()
      .replaceLog([{ events: [{ type: 'moved', text: 'a', model: 'x', from: [0, 0, 0], to: [1, 0, 1] }], entry: 0 }]);
    const msgs = changes(prev, host.store.getState());
    expect(msgs.map((m) => m.type)).toEqual(['log']);
    const prev2 = host.store.getState();
    host.store.getState().pushEvents([{ type: 'moved', text: 'b', model: 'x', from: [0, 0, 0], to: [1, 0, 1] }], 1);
    expect(changes(prev2, host.store.getState()).map((m) => m.type)).toEqual(['events']);
    const prev3 = host.store.getState();
    host.store.getState().dropLoggedEntries(1);
    expect(changes(prev3, host.store.getState()).map((m) => m.type)).toEqual(['log']);
  });
});
