/** Places a Chromium or Chrome usually lives, after $CHROMIUM_PATH. */
export declare const CANDIDATES: string[];
/** Launch flags that work headless on these machines (software WebGL through SwiftShader). */
export declare const CHROMIUM_ARGS: string[];
/** How to get one, shown when none works. */
export declare const INSTALL_HINT: string;
/** The first system Chromium found, or null. */
export declare function findChromium(env?: Record<string, string | undefined>): string | null;
/** A Chromium that starts: the system's, else the packaged one. */
export interface FoundChromium {
  path: string;
  args: string[];
  source: 'system' | '@sparticuz/chromium';
  version: string;
  notes: string[];
}
/** The Chromium the tests use; throws with the install hint when none starts. */
export declare function resolveChromium(env?: Record<string, string | undefined>): Promise<FoundChromium>;
/** One line naming the browser the tests use and why. */
export declare function describeChromium(found: FoundChromium): string;
