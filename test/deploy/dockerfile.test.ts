import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/**
 * The image's build stage runs `npm run build` (tsc over tsconfig.json's include list); there is no Docker
 * engine here, so this checks the one thing that breaks that build silently: a source folder tsc compiles
 * that the Dockerfile does not copy in first.
 */
describe('Dockerfile', () => {
  it('copies every folder the TypeScript build compiles before it runs npm run build', () => {
    const include = (JSON.parse(readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8')) as { include: string[] }).include;
    const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    const buildStage = dockerfile.slice(0, dockerfile.indexOf('RUN npm run build'));
    const copied = [...buildStage.matchAll(/^COPY\s+(?!--from)(\S+)\s+\.\/\S*$/gm)].map((m) => m[1]);
    expect(include.filter((folder) => !copied.includes(folder))).toEqual([]);
  });
});
