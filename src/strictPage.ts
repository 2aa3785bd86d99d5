/**
 * Imported first by the entry point: zod parses without compiling code at run time (`jitless`), so the
 * page's Content-Security-Policy can forbid eval (zod's probe for `new Function` would otherwise be
 * reported as a violation, even though zod catches it).
 */
import { z } from 'zod';

z.config({ jitless: true });
