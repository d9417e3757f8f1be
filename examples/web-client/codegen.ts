import path from 'node:path';
import type { CodegenConfig } from '@graphql-codegen/cli';

/** The client schema the repository commits (`npm run schema` writes it). */
export const COMMITTED_CLIENT_SCHEMA = path.join('schema', 'client.graphql');

/**
 * graphql-codegen's client preset over the operations in `<exampleDir>/src`: typed documents and
 * result/variable types in src/gql/. `schema` is a file or a running gateway's /graphql URL (loaded
 * by introspection, so only outside production).
 */
export function webClientCodegenConfig(schema: string, exampleDir: string = __dirname): CodegenConfig {
  const src = path.join(exampleDir, 'src');
  return {
    schema,
    documents: [path.join(src, '**', '*.ts'), `!${path.join(src, 'gql', '**')}`],
    generates: {
      [`${path.join(src, 'gql')}/`]: {
        preset: 'client',
        presetConfig: { fragmentMasking: false },
        config: {
          useTypeImports: true,
          // String unions rather than TypeScript enums: values read from JSON compare without imports.
          enumsAsTypes: true,
          // The API's custom scalars as they travel in JSON.
          scalars: { DateTime: 'string', LocalDate: 'string', JSONObject: 'Record<string, unknown>' },
        },
      },
    },
    silent: true,
  };
}

/** For `npx graphql-codegen --config examples/web-client/codegen.ts`; SCHEMA=http://localhost:4000/graphql reads a running gateway. */
export default webClientCodegenConfig(process.env.SCHEMA ?? path.join(__dirname, '..', '..', COMMITTED_CLIENT_SCHEMA));
