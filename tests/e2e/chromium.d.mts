/** Places a Chromium or Chrome usually lives, after $CHROMIUM_PATH. */
export declare const CANDIDATES: string[];
/** How to get one, shown when none is found. */
export declare const INSTALL_HINT: string;
/** The first Chromium found, or null. */
export declare function findChromium(env?: Record<string, string | undefined>): string | null;
