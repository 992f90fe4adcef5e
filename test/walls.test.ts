import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const BIOME = path.join(ROOT, 'node_modules/.bin/biome');

/** Files that break a wall, each with the import that does it, and files that keep them. */
const FILES: Record<string, string> = {
  'apps/web/src/features/copy/pages/leader-page.tsx': "import { a } from '../../money/api/money';",
  'apps/web/src/features/copy/copy-card.tsx': "import { a } from '../money/api/money';",
  'apps/web/src/features/copy/parts/deep/figure.tsx': "import { a } from '../../../money/api/money';",
  'apps/admin/src/features/copy/copy-page.tsx': "import { a } from '../content/news-page';",
  'apps/web/src/shared/api/server.ts': "import { a } from '@kabuto/server';",
  'apps/admin/src/shared/web.ts': "import { a } from '../../../web/src/shared/api';",
  'packages/domain/src/disk.ts': "import { a } from 'node:fs';",
  'packages/domain/src/store.ts': "import { a } from 'kysely';",
  'apps/server/src/cycle/first.ts': "import { a } from './second';",
  'apps/server/src/cycle/second.ts': "import { a } from './first';",
  'apps/web/src/features/copy/pages/fine-shared.tsx': "import { a } from '../../../shared/trading/order';",
  'apps/web/src/features/copy/pages/fine-own.tsx': "import { a } from '../api/copy';",
  'apps/server/src/fine-domain.ts': "import { a } from '@kabuto/domain';",
  'packages/domain/src/fine-contract.ts': "import { a } from '@kabuto/contract';",
  'apps/server/src/modules/copy/leaders.ts': "import { a } from '../trading/positions';",
  'apps/server/src/modules/copy/holdings.ts': "import type { a } from '../trading/tables';",
  'apps/server/src/modules/copy/nested/deep.ts': "import { a } from '../../trading/orders';",
  'apps/server/src/modules/copy/fine-port.ts': "import { a } from '../trading/port';",
  'apps/server/src/modules/copy/fine-port-type.ts': "import type { a } from '../trading/port';",
  'apps/server/src/modules/copy/fine-own-module.ts': "import { a } from './context';",
  'apps/server/src/modules/copy/fine-platform.ts': "import { a } from '../../ledger/ledger';",
  'apps/server/src/modules/copy/nested/fine-port.ts': "import { a } from '../../trading/port';",
  'apps/server/src/modules/copy/fine-helpers.test.ts': "import { a } from '../trading/testing';",
  'apps/server/src/modules/copy/fine-modules.test.ts': "import { a } from '../index';",
};

let dir: string;
/** Rule of each diagnostic, by file. */
const found = new Map<string, string[]>();

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'kabuto-walls-'));
  // The project's own rules, on a tree outside git.
  const config = JSON.parse(readFileSync(path.join(ROOT, 'biome.json'), 'utf8'));
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
  for (const [file, line] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), `${line}\nexport const b = () => a;\n`);
  }
  const output = await promisify(execFile)(BIOME, ['lint', '--reporter=github', '.'], { cwd: dir }).then(
    (done) => done.stdout,
    (failed: { stdout: string }) => failed.stdout,
  );
  for (const match of output.matchAll(/^::error title=lint\/\w+\/(\w+),file=([^,]+),/gm)) {
    const file = path.relative(dir, match[2]!);
    found.set(file, [...(found.get(file) ?? []), match[1]!]);
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the lint walls (biome.json)', () => {
  it.each([
    'apps/web/src/features/copy/pages/leader-page.tsx',
    'apps/web/src/features/copy/copy-card.tsx',
    'apps/web/src/features/copy/parts/deep/figure.tsx',
    'apps/admin/src/features/copy/copy-page.tsx',
  ])('fails a feature that imports another feature: %s', (file) => {
    expect(found.get(file)).toEqual(['noRestrictedImports']);
  });

  it.each(['apps/web/src/shared/api/server.ts', 'apps/admin/src/shared/web.ts'])(
    'fails an app that imports another app: %s',
    (file) => {
      expect(found.get(file)).toEqual(['noRestrictedImports']);
    },
  );

  it.each(['packages/domain/src/disk.ts', 'packages/domain/src/store.ts'])(
    'fails the domain package doing I/O: %s',
    (file) => {
      expect(found.get(file)).toEqual(['noRestrictedImports']);
    },
  );

  it.each([
    'apps/server/src/modules/copy/leaders.ts',
    'apps/server/src/modules/copy/holdings.ts',
    'apps/server/src/modules/copy/nested/deep.ts',
  ])('fails a server module that imports another module other than through its port file: %s', (file) => {
    expect(found.get(file)).toEqual(['noRestrictedImports']);
  });

  it('fails both files of an import cycle', () => {
    expect(found.get('apps/server/src/cycle/first.ts')).toEqual(['noImportCycles']);
    expect(found.get('apps/server/src/cycle/second.ts')).toEqual(['noImportCycles']);
  });

  it('passes imports of shared code, of the own feature or module, of a port file and of the packages', () => {
    const fine = Object.keys(FILES).filter((file) => path.basename(file).startsWith('fine-'));
    expect(fine.map((file) => found.get(file) ?? [])).toEqual(fine.map(() => []));
  });
});
