/**
 * The spectator window: the table only (no panels, no toolbar, pointer input inert) in a letterbox of
 * the asked shape, the broadcast overlay over it, and a banner for any refused URL parameter.
 */
import type { GeometryService } from '../state/geometryService';
import type { PlayController } from '../state/play';
import type { TabletopStore } from '../state/store';
import { TableScene } from '../scene/TableScene';
import type { DirectionStore } from './channel';
import type { LinkStore } from './mirror';
import { BroadcastOverlay } from './Overlay';
import type { SpectatorParams } from './params';
import { SpectatorCamera } from './SpectatorCamera';

/** Props: the mirrored store and its services, the direction and link stores, and the URL's parameters and errors. */
export function SpectatorApp({
  store,
  geo,
  play,
  direction,
  link,
  params,
  errors,
  windowAspect,
}: {
  store: TabletopStore;
  geo: GeometryService;
  play: PlayController;
  direction: DirectionStore;
  link: LinkStore;
  params: SpectatorParams;
  errors: readonly string[];
  /** The window's width / height when no aspect is asked (the canvas then fills it). */
  windowAspect: number;
}) {
  const ratio = params.aspect?.ratio ?? null;
  // The largest box of that shape that fits the window, centred.
  const frame = ratio
    ? { width: `min(100vw, calc(100vh * ${ratio}))`, height: `min(100vh, calc(100vw / ${ratio}))` }
    : { width: '100vw', height: '100vh' };
  return (
    <div className="spectator" data-testid="spectator">
      <div className="spectator-frame" style={frame} data-testid="spectator-frame">
        <TableScene
          store={store}
          geo={geo}
          play={play}
          spectator={{
            rig: <SpectatorCamera store={store} direction={direction} link={link} aspect={ratio ?? windowAspect} />,
            background: params.chroma,
            transparent: params.transparent,
          }}
        />
        <BroadcastOverlay store={store} direction={direction} link={link} />
      </div>
      {errors.length > 0 && (
        <div className="spectator-errors" role="alert" data-testid="spectator-errors">
          {errors.map((e) => (
            <div key={e}>{e}</div>
          ))}
        </div>
      )}
    </div>
  );
}
