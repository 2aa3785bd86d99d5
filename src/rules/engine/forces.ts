/**
 * A ruleset's forces as the battle CLI names them: its default data file, the parser (errors name the
 * file, field and value), the force ids a side can field and the legality check with its reason. The
 * set-up itself is the play descriptor's, one path for the CLI and the app (engine/define.ts).
 */
import type { Text } from './message';
import type { Result } from '../../result';

/** What a forces file parsed to, or why not. */
export type ParsedForces<D> = Result<D, { message: string }>;

/** The forces of one ruleset over its data type `D`. */
export interface ForcesDescriptor<D> {
  /** The default forces file (relative to the project). */
  file: string;
  /** Reads a forces file's text; a bad file is refused naming the file, the field and the value. */
  parse(text: string, file: string): ParsedForces<D>;
  /** The force ids a side may field from this data (a BLKOUT group per faction, a Counterblast crew). */
  ids(data: D): string[];
  /** Each side's force when none is named. */
  defaults: Record<'A' | 'B', string>;
  /**
   * Why a side cannot field this force from this data, or null when it can. `side`, when given, is
   * the side asking (a ruleset whose sides field different kinds of force, such as Five Parsecs'
   * crew against an enemy type, checks the kind).
   */
  problem(data: D, id: string, side?: 'A' | 'B'): Text | null;
}
