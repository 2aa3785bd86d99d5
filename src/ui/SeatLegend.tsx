/** A player's fieldset legend in a set-up panel: "Player A" and who sits there (Human, AI, or a player online). */
import type { Seat } from '../state/play';
import { useUi } from '../i18n/useSay';

/** Props: the side, its seat, the select's test id, and the change handler. */
export function SeatLegend({
  side,
  seat,
  testId,
  onChange,
}: {
  side: string;
  seat: Seat;
  testId: string;
  onChange: (seat: Seat) => void;
}) {
  const ui = useUi();
  return (
    <legend>
      {ui('ui:seat.player', { side })}{' '}
      <select
        value={seat}
        aria-label={ui('ui:seat.label', { side })}
        data-testid={testId}
        onChange={(e) => onChange(e.target.value as Seat)}
      >
        <option value="human">{ui('ui:seat.human')}</option>
        <option value="ai">{ui('ui:seat.ai')}</option>
        <option value="remote">{ui('ui:seat.remote-option')}</option>
      </select>
    </legend>
  );
}
