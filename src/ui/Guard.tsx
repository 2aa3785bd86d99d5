/**
 * An error boundary around the 3D table and around each panel: a render error there shows a banner
 * (what went wrong, a bug report to download, and a way to draw it again) instead of blanking the
 * page. The match lives in the store, not in the components, so play goes on.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useStore } from 'zustand';
import type { TabletopStore } from '../state/store';
import { download } from './download';
import { render } from '../i18n/i18n';
import { msg } from '../rules/engine/message';

/** Props: the part's name (for the banner and the report), the store, the bug report's contents, and the part. */
interface GuardProps {
  name: string;
  store: TabletopStore;
  /** The save file and the last action, read when the report is downloaded. */
  report: () => Record<string, unknown>;
  children: ReactNode;
}

/** What a guard holds while its part cannot be drawn. */
interface GuardState {
  error: Error | null;
  componentStack: string;
}

/** The bug report a guard offers: where, what, and the game as it stood (JSON). */
export function bugReport(part: string, error: Error, componentStack: string, game: Record<string, unknown>): string {
  return `${JSON.stringify({ format: 'tabletop-bug-report/1', part, error: error.message, stack: error.stack ?? '', componentStack, at: new Date().toISOString(), userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent, ...game }, null, 2)}\n`;
}

/** What a bug report carries besides the error: the saved game, the last action, the last log lines and the table. */
export function gameReport(store: TabletopStore, saveText: () => string | null): Record<string, unknown> {
  const s = store.getState();
  const save = saveText();
  return {
    save: save ? (JSON.parse(save) as unknown) : null,
    lastAction: s.play?.match.log[s.play.match.log.length - 1] ?? null,
    lastEvents: s.eventLog.slice(-12),
    scene: s.scene,
  };
}

/** The error boundary. */
export class Guard extends Component<GuardProps, GuardState> {
  override state: GuardState = { error: null, componentStack: '' };

  static getDerivedStateFromError(error: unknown): Partial<GuardState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ componentStack: info.componentStack ?? '' });
    console.warn(`tabletop: drawing the ${this.props.name} failed:`, error);
    // A fault injected for a test throws once: drawing again works.
    if (this.props.store.getState().renderFault === this.props.name) this.props.store.setState({ renderFault: null });
  }

  override render(): ReactNode {
    const { error, componentStack } = this.state;
    if (!error) {
      return (
        <>
          <FaultPoint store={this.props.store} name={this.props.name} />
          {this.props.children}
        </>
      );
    }
    const { name } = this.props;
    // Banners stack in one tray at the top of the page, so two failed parts never hide each other.
    return createPortal(
      <div className="error-banner render-error" role="alert" data-testid={`render-error-${name}`}>
        <div className="error-head">
          <strong>{render(msg('ui:guard.failed', { part: render(partName(name)) }))}</strong>
          <span className="muted">{render(msg('ui:guard.kept'))}</span>
        </div>
        <p>
          <code>{error.message}</code>
        </p>
        <div className="error-actions">
          <button
            type="button"
            data-testid="bug-report"
            onClick={() =>
              download(
                bugReport(name, error, componentStack, this.props.report()),
                `tabletop-bug-${name.replace(/\W+/g, '-')}.json`,
              )
            }
          >
            {render(msg('ui:guard.bug-report'))}
          </button>
          <button type="button" data-testid="redraw" onClick={() => this.setState({ error: null, componentStack: '' })}>
            {render(msg('ui:guard.redraw'))}
          </button>
        </div>
      </div>,
      errorTray(),
    );
  }
}

/** The guarded parts' names in words (App.tsx and main.tsx name them); another name shows as written. */
const PART_IDS: Record<string, string> = {
  page: 'ui:part.page',
  toolbar: 'ui:part.toolbar',
  table: 'ui:part.table',
  'play panel': 'ui:part.play-panel',
  'error banner': 'ui:part.error-banner',
  'rules failure': 'ui:part.rules-failure',
  notice: 'ui:part.notice',
  'resume offer': 'ui:part.resume-offer',
  'model card': 'ui:part.model-card',
  roster: 'ui:part.roster',
  'play prompts': 'ui:part.play-prompts',
  help: 'ui:part.help',
  'battle log': 'ui:part.battle-log',
  legend: 'ui:part.legend',
  'eye view banner': 'ui:part.eye-view-banner',
  'help bar': 'ui:part.help-bar',
};
const partName = (name: string) => (PART_IDS[name] ? msg(PART_IDS[name]) : name);

/** The tray the guards' banners stack in (made on first use). */
function errorTray(): HTMLElement {
  let tray = document.getElementById('render-errors');
  if (!tray) {
    tray = document.createElement('div');
    tray.id = 'render-errors';
    tray.className = 'render-errors';
    document.body.appendChild(tray);
  }
  return tray;
}

/** Throws while a test has asked this part to fail (`window.tabletop.injectRenderFault`). */
function FaultPoint({ store, name }: { store: TabletopStore; name: string }) {
  const fault = useStore(store, (s) => s.renderFault === name);
  if (fault) throw new Error(`a render fault injected into the ${name} (test)`);
  return null;
}
