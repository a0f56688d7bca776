/**
 * zod compiles object schemas with `new Function` when it may; the dashboard's CSP forbids eval
 * (no 'unsafe-eval'), and zod's probe for it would be reported as a CSP violation. Parsing
 * without the compiler is plenty fast for API answers. Imported first by main.tsx.
 */
import { z } from 'zod';

z.config({ jitless: true });
