/**
 * A ruleset's forces, as one value: its default data file, the parser (errors name the file, field
 * and value), the force ids a side can field, the legality check with its reason, and the set-up from
 * each side's force. The battle CLI reads it through the registry; the app's set-up will too.
 */
import type { Text } from './message';
import type { Result } from '../../result';
import type { PlayerId } from './types';

/** What a forces file parsed to, or why not. */
export type ParsedForces<D> = Result<D, { message: string }>;

/** The forces of one ruleset over its data type `D` and state `S`. */
export interface ForcesDescriptor<D, S> {
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
  /**
   * The set-up state on a table with each side's force (both legal) and the set-up options (the
   * battle CLI's `--options key=value,...`, checked against the ruleset's declared `OptionField`s;
   * absent: the defaults). A ruleset without options ignores them.
   */
  setup(
    table: { width: number; depth: number },
    data: D,
    forces: Record<PlayerId, string>,
    options?: Record<string, string>,
  ): S;
}
