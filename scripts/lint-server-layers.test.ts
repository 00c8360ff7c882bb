import { describe, expect, it } from 'vitest';
import { layerErrorsIn } from './layer-lint';

// The server's layering rule (eslint.config.js, docs/architecture.md): `npm run lint` must fail on
// an import against the direction, and pass on the allowed ones.
const layerErrors = layerErrorsIn('apps/server/src');

/** A file importing `what` from `from` and using it. */
const importing = (what: string, from: string) =>
  `import { ${what} } from '${from}';\nexport const x = ${what};\n`;

// the first lint loads the TypeScript resolver: seconds on a busy machine
describe('server layering lint rule', { timeout: 30_000 }, () => {
  it('refuses a plugin importing a module', async () => {
    const errors = await layerErrors(
      'plugins/fixture.ts',
      importing('findSession', '../modules/staff/staff.service'),
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('module="staff"');
  });

  it('refuses lib, db and env importing a module, and anything below importing a root', async () => {
    const service = importing('listStores', '../modules/store/store.service');
    expect(await layerErrors('lib/fixture.ts', service)).toHaveLength(1);
    expect(await layerErrors('db/fixture.ts', service)).toHaveLength(1);
    expect(
      await layerErrors('env.ts', importing('listStores', './modules/store/store.service')),
    ).toHaveLength(1);
    const app = importing('buildApp', '../../app');
    expect(await layerErrors('modules/orders/fixture.ts', app)).toHaveLength(1);
    expect(
      await layerErrors('modules/orders/fixture.ts', importing('x', '../../jobs/store-jobs')),
    ).toHaveLength(1);
  });

  it('refuses db importing lib or a plugin, and lib importing a plugin', async () => {
    expect(
      await layerErrors('db/fixture.ts', importing('HttpError', '../lib/errors')),
    ).toHaveLength(1);
    const plugin = importing('registerHealth', '../plugins/health');
    expect(await layerErrors('db/fixture.ts', plugin)).toHaveLength(1);
    expect(await layerErrors('lib/fixture.ts', plugin)).toHaveLength(1);
  });

  it('lets a module use plugins, lib, db, env and other modules', async () => {
    const code = [
      "import { adminErrors } from '../../plugins/staff-auth';",
      "import { HttpError } from '../../lib/errors';",
      "import { products } from '../../db/schema';",
      "import { serverRoot } from '../../env';",
      "import { findVariantOptions } from '../products/products.service';",
      'export const x = [adminErrors, HttpError, products, serverRoot, findVariantOptions];',
      '',
    ].join('\n');
    expect(await layerErrors('modules/orders/fixture.ts', code)).toEqual([]);
  });

  it('lets env.ts and the plugins read the payment providers’ definitions, which lean on nothing', async () => {
    const definitions = './modules/payments/providers/definitions';
    expect(await layerErrors('env.ts', importing('providerEnvShape', definitions))).toEqual([]);
    expect(
      await layerErrors('plugins/fixture.ts', importing('formActionOrigins', `.${definitions}`)),
    ).toEqual([]);
    // the providers' objects are module code: still refused to a plugin
    expect(
      await layerErrors(
        'plugins/fixture.ts',
        importing('paymentProviders', '../modules/payments/providers/index'),
      ),
    ).toHaveLength(1);
    const definition = 'modules/payments/providers/fixture-definition.ts';
    expect(await layerErrors(definition, importing('blank', './definition'))).toEqual([]);
    // (imports inside the payments module are not the layers' business: definitions.test.ts)
    expect(
      await layerErrors(definition, importing('HttpError', '../../../lib/errors')),
    ).toHaveLength(1);
    expect(await layerErrors(definition, importing('serverRoot', '../../../env'))).toHaveLength(1);
  });

  it('lets the composition roots wire modules into plugins', async () => {
    const code = [
      "import { findSession } from './modules/staff/staff.service';",
      "import { registerStaffAuth } from './plugins/staff-auth';",
      'export const x = [findSession, registerStaffAuth];',
      '',
    ].join('\n');
    expect(await layerErrors('app.ts', code)).toEqual([]);
    expect(
      await layerErrors('jobs/fixture.ts', importing('x', '../modules/mail/mail-sender.service')),
    ).toEqual([]);
  });

  it('lets tests and test support import anything', async () => {
    const code = [
      "import { buildApp } from '../app';",
      "import { listStores } from '../modules/store/store.service';",
      "import { createTestApp } from '../test/test-app';",
      'export const x = [buildApp, listStores, createTestApp];',
      '',
    ].join('\n');
    expect(await layerErrors('plugins/fixture.test.ts', code)).toEqual([]);
    expect(await layerErrors('db/fixture.test.ts', code)).toEqual([]);
    expect(await layerErrors('test/fixture.ts', code)).toEqual([]);
    // a plugin's own code may not lean on test support
    expect(
      await layerErrors('plugins/fixture.ts', importing('createTestApp', '../test/test-app')),
    ).toHaveLength(1);
  });
});
