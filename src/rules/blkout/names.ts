/**
 * Model names from a unit card: grunts are the card's name (numbered when there are several),
 * specialists the card's name and their own, written so no word is said twice: "Assault Team" and
 * "Team Leader" make "Assault Team Leader"; a specialist the card already names ("Handler and
 * Operator", "Operator") is called by its own name, and the card's other model by the rest
 * ("Handler").
 */

const words = (s: string) => s.trim().split(/\s+/);
/** Two words alike, a plural aside ("Engineers" / "Engineer"). */
const alike = (a: string, b: string) => a.toLowerCase().replace(/s$/, '') === b.toLowerCase().replace(/s$/, '');

/** A specialist's model name. */
export function specialistName(card: string, specialist: string): string {
  const c = words(card),
    s = words(specialist);
  // The longest run of the card's last words that the specialist's name begins with.
  for (let n = Math.min(c.length, s.length); n > 0; n--) {
    if (!c.slice(-n).every((w, i) => alike(w, s[i]!))) continue;
    return n === s.length ? specialist : [...c, ...s.slice(n)].join(' ');
  }
  return `${card} ${specialist}`;
}

/** The grunts' name: the card's, less " and <specialist>" when the card names its specialist that way. */
export function gruntName(card: string, specialists: readonly string[]): string {
  for (const s of specialists) {
    const tail = ` and ${s}`;
    if (card.toLowerCase().endsWith(tail.toLowerCase()) && card.length > tail.length)
      return card.slice(0, -tail.length);
  }
  return card;
}
