/** What the kiosk settings area is handed: the kernel's context and the terminals it reads. */
import type { HttpContext } from '../http/context';
import type { TerminalReader } from '../terminals';

export type KioskConfigContext = HttpContext & { terminals: TerminalReader };
