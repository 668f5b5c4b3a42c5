// `node --test scripts/`: the module-boundary rules, then the checker over a small made-up repository.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { findViolations, judge, placeOf } from './check-boundaries.mjs';

const web = (from, to) => judge('web', placeOf('web', from), placeOf('web', to));
const server = (from, to) => judge('server', placeOf('server', from), placeOf('server', to));

describe('web boundaries', () => {
  it('lets a module import its own folder, lib/, components/, the WebModule types and another module’s index.ts', () => {
    assert.equal(web('modules/inform/components/image-field.tsx', 'modules/inform/messages.ts'), null);
    assert.equal(web('modules/inform/components/image-field.tsx', 'lib/i18n.ts'), null);
    assert.equal(web('modules/inform/pages/manage-page.tsx', 'components/paged-table.tsx'), null);
    assert.equal(web('modules/inform/index.ts', 'lib/web-module.ts'), null);
    assert.equal(web('modules/inform/components/image-field.tsx', 'modules/file/index.ts'), null);
  });

  it('refuses a module reaching into another module’s files, the module list or the app', () => {
    assert.match(web('modules/inform/components/image-field.tsx', 'modules/file/use-upload.ts'), /own folder/);
    assert.match(web('modules/settings/pages/x.tsx', 'modules/index.ts'), /own folder/);
    assert.match(web('modules/settings/pages/x.tsx', 'app/shell/layout-store.ts'), /own folder/);
    // The module type lives in lib/, below the modules: nothing in app/ is theirs to import.
    assert.match(web('modules/inform/index.ts', 'app/web-module.ts'), /own folder/);
  });

  it('keeps the shell to the module list, and app.tsx to it and the sign-in page’s module', () => {
    assert.equal(web('app/shell/top-bar.tsx', 'modules/index.ts'), null);
    assert.match(web('app/shell/top-bar.tsx', 'modules/help/index.ts'), /shell takes modules from modules\/index\.ts only/);
    assert.match(web('app/shell/user-menu.tsx', 'modules/auth/sign-in-api.ts'), /shell/);
    assert.equal(web('app/app.tsx', 'modules/auth/index.ts'), null);
    assert.match(web('app/app.tsx', 'modules/auth/sign-in-page.tsx'), /app\.tsx also the sign-in page/);
  });

  it('keeps lib/ and components/ below the modules and the app', () => {
    assert.equal(web('components/resource/index.tsx', 'lib/web-module.ts'), null);
    assert.match(web('lib/site-details.ts', 'modules/settings/index.ts'), /lib\/, components\/ and test\//);
    assert.match(web('components/query-failure.tsx', 'app/shell/messages.ts'), /lib\/, components\/ and test\//);
  });
});

describe('server boundaries', () => {
  it('lets a module import its own folder and lib/, and a table another module’s table (a foreign key)', () => {
    assert.equal(server('modules/settings/service.ts', 'lib/settings/store.ts'), null);
    assert.equal(server('modules/power/table.ts', 'modules/auth/table.ts'), null);
    assert.equal(server('modules/user/repository.ts', 'lib/db/schema.ts'), null);
  });

  it('refuses a module importing another module, even its table outside a table file', () => {
    assert.match(server('modules/user/repository.ts', 'modules/auth/table.ts'), /own folder and lib\//);
    assert.match(server('modules/inform/service.ts', 'modules/auth/index.ts'), /own folder and lib\//);
  });

  it('lets plugins reach modules only through modules/index.ts, and lib/ none but the schema’s tables', () => {
    assert.equal(server('plugins/app/access.ts', 'lib/http/types.ts'), null);
    assert.equal(server('plugins/app/web.ts', 'modules/index.ts'), null);
    assert.match(server('plugins/app/access.ts', 'modules/auth/sessions.ts'), /plugins import/);
    assert.match(server('plugins/app/access.ts', 'modules/auth/index.ts'), /plugins import/);
    assert.equal(server('lib/db/schema.ts', 'modules/auth/table.ts'), null);
    assert.equal(server('lib/db/open.ts', 'config.ts'), null);
    assert.match(server('lib/audit/record.ts', 'modules/auth/table.ts'), /lib\/ imports lib\//);
  });

  it('lets the composition root take modules by their index.ts only', () => {
    assert.equal(server('main.ts', 'modules/file/index.ts'), null);
    assert.match(server('cli/seed.ts', 'modules/file/service.ts'), /index\.ts only/);
  });
});

describe('the checker', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  after(() => fs.rmSync(root, { recursive: true, force: true }));
  const write = (file, text) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };

  it('resolves each relative import to its file and reports those across a boundary, with their lines', () => {
    write('apps/web/src/lib/i18n.ts', 'export const x = 1;\n');
    write('apps/web/src/modules/file/index.ts', "export { useUpload } from './use-upload';\n");
    write('apps/web/src/modules/file/use-upload.ts', 'export const useUpload = () => null;\n');
    write('apps/web/src/modules/inform/messages.ts', 'export const m = 1;\n');
    write(
      'apps/web/src/modules/inform/components/field.tsx',
      [
        "import { x } from '../../../lib/i18n';",
        "import { m } from '../messages';",
        "import { useUpload } from '../../file';",
        '// A comment naming an import is not one: import { y } from "../../file/use-upload";',
        "import type { useUpload as U } from '../../file/use-upload';",
        "const later = () => import('../../file/use-upload');",
        "import { nothing } from '@juqi/contract';",
      ].join('\n'),
    );
    write('apps/server/src/modules/auth/table.ts', 'export const staff = 1;\n');
    write('apps/server/src/modules/user/repository.ts', "\nimport { staff } from '../auth/table';\n");

    assert.deepEqual(
      findViolations(root)
        .map((v) => `${v.file}:${v.line} ${v.specifier}`)
        .sort(),
      [
        'apps/web/src/modules/inform/components/field.tsx:5 ../../file/use-upload',
        'apps/web/src/modules/inform/components/field.tsx:6 ../../file/use-upload',
        'apps/server/src/modules/user/repository.ts:2 ../auth/table',
      ].sort(),
    );
  });
});
