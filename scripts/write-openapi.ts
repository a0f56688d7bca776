/** npm run openapi: writes docs/openapi.json from the contract. */
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../src/shared/contract/openapi';

const file = new URL('../docs/openapi.json', import.meta.url);
writeFileSync(file, JSON.stringify(buildOpenApiDocument(), null, 2) + '\n');
console.log(`wrote ${file.pathname}`);
