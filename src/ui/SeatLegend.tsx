/** A player's fieldset legend in a set-up panel: "Player A" and who sits there (Human or AI). */
import type { Seat } from '../state/play';

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
  return (
    <legend>
      Player {side}{' '}
      <select value={seat} data-testid={testId} onChange={(e) => onChange(e.target.value as Seat)}>
        <option value="human">Human</option>
        <option value="ai">AI</option>
      </select>
    </legend>
  );
}
