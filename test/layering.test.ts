/**
 * The dependency direction of docs/architecture.md is enforced by lint: these imports must fail
 * (between the parts of src by no-restricted-imports, inside a part by its floor plan's zones).
 */
import { describe, expect, it } from 'vitest';
import { importRefusals as restricted } from './helpers/lint-imports';

describe('layering', () => {
  it.each([
    ['src/shared/x.ts', "import 'node:fs';"],
    ['src/shared/x.ts', "import 'fs';"],
    ['src/shared/x.ts', "import 'electron';"],
    ['src/shared/contract/x.ts', "import '../../service/app';"],
    ['src/shared/x.ts', "import 'react';"],
    ['src/service/x.ts', "import 'electron';"],
    ['src/service/x.ts', "import '../main/kiosk/core';"],
    ['src/main/kiosk/x.ts', "import 'electron';"],
    ['src/main/kiosk/x.ts', "import '../../service/app';"],
    ['src/main/browser/x.ts', "import 'electron';"],
    ['src/renderer/src/x.tsx', "import 'node:path';"],
    ['src/renderer/src/x.tsx', "import '../../service/app';"],
    ['src/renderer/src/x.tsx', "import '../../main/kiosk/core';"],
    ['src/dashboard/x.tsx', "import 'node:path';"],
    ['src/dashboard/areas/x.tsx', "import '../../service/app';"],
    ['src/dashboard/store/x.ts', "import '../../client/http-client';"],
    ['src/dashboard/x.tsx', "import '../renderer/src/lib/format';"],
    ['src/shared/x.ts', "import '../dashboard/store/session';"],
    ['src/preload/x.ts', "import 'node:fs';"],
    ['src/agent/x.ts', "import 'node:crypto';"],
    ['src/agent/x.ts', "import '../service/app';"],
    ['src/agent/x.ts', "import '../client/index';"],
    ['src/agent/x.ts', "import '../main/kiosk/core';"],
    ['src/preload/x.ts', "import '../main/kiosk/core';"],
    ['src/mcp/x.ts', "import '../service/app';"],
    ['src/mcp/x.ts', "import '../client/http-client';"],
    ['src/service/kernel/x.ts', "import '../mcp/routes';"],
    ['src/service/kernel/x.ts', "import '../payments/model';"],
    ['src/service/kernel/store/x.ts', "import '../../http/auth';"],
    ['src/service/kernel/events/x.ts', "import '../../ui/html';"],
    ['src/service/http/x.ts', "import '../cards/model';"],
    ['src/service/http/x.ts', "import '../ui';"],
    ['src/service/ui/x.ts', "import '../payments/model';"],
    ['src/service/ui/x.tsx', "import '../hosted/views';"],
    ['src/service/ui/x.ts', "import '../context';"],
    ['src/service/hosted/x.ts', "import '../cards/card-numbers';"],
    ['src/service/merchants/x.ts', "import '../terminals';"],
  ])('%s may not %s', async (file, code) => {
    expect(await restricted(file, code)).toHaveLength(1);
  });

  it.each([
    ['src/shared/contract/x.ts', "import './agent'; import '../money'; import 'zod';"],
    ['src/service/x.ts', "import 'node:fs'; import '../shared/money';"],
    ['src/agent/x.ts', "import '../shared/agent-signing'; import type { z } from 'zod';"],
    ['src/mcp/x.ts', "import 'node:fs'; import '../agent/index'; import '../shared/money';"],
    ['src/service/mcp/x.ts', "import '../../mcp/server';"],
    ['src/service/ui/x.ts', "import '../kernel/errors'; import 'hono/jsx';"],
    ['src/service/hosted/x.ts', "import '../ui'; import '../cards';"],
    ['src/main/electron/x.ts', "import 'electron'; import '../kiosk/core';"],
    ['src/preload/x.ts', "import 'electron'; import '../shared/bridge';"],
    ['src/renderer/src/x.tsx', "import 'react'; import '../../shared/money';"],
    ['src/dashboard/areas/x.tsx', "import 'react'; import '../../shared/contract/fetch-client';"],
  ])('%s may %s', async (file, code) => {
    expect(await restricted(file, code)).toEqual([]);
  });
});
