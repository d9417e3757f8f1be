import { descriptionCoverage, supergraphSchema } from '../shared/graphql/schema-descriptions.calculator';
import { readSupergraph } from './supergraph.builder';

/** `npm run schema:coverage [-- --missing]`: the share of the client schema that has descriptions, and what lacks one. */
const coverage = descriptionCoverage(supergraphSchema(readSupergraph()));
console.log(
  JSON.stringify({ action: 'schema-coverage', described: coverage.described, total: coverage.total, share: +(coverage.described / coverage.total).toFixed(3) }),
);
if (process.argv.includes('--missing')) for (const coordinate of coverage.missing) console.log(coordinate);
