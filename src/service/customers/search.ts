/** Customer search's SQL lives with the area's other statements, in repo/search.ts. */
export { customerSearchSql } from './repo/search';
