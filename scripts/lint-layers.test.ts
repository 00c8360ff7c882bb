import { describe, expect, it } from 'vitest';
import { layerErrorsIn } from './layer-lint';

// The web app's layering rule (eslint.config.js, docs/architecture.md) checked on code that breaks
// it: `npm run lint` must fail on these, and pass on the allowed directions.
const layerErrors = layerErrorsIn('apps/web/src');

// the first lint loads the TypeScript resolver: seconds on a busy machine, beside the server's
// rule test (lint-server-layers.test.ts) starting its own
describe('web layering lint rule', { timeout: 30_000 }, () => {
  it('refuses a feature importing another feature', async () => {
    const errors = await layerErrors(
      'features/products/components/fixture.ts',
      "import { login } from '@/features/auth/api/login';\nexport const x = login;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('feature="auth"');
  });

  it('refuses shared code and shared state importing a feature', async () => {
    const code =
      "import { getOrders } from '@/features/orders/api/get-orders';\nexport const x = getOrders;\n";
    expect(await layerErrors('lib/fixture.ts', code)).toHaveLength(1);
    expect(await layerErrors('components/fixture.tsx', code)).toHaveLength(1);
    expect(await layerErrors('state/cart/fixture.ts', code)).toHaveLength(1);
  });

  it('refuses a feature or shared code importing a route module or the app shell', async () => {
    const code = "import { AppRoutes } from '@/app/router';\nexport const x = AppRoutes;\n";
    expect(await layerErrors('features/orders/lib/fixture.ts', code)).toHaveLength(1);
    expect(await layerErrors('lib/fixture.ts', code)).toHaveLength(1);
  });

  it('lets a feature use itself, the shared state and shared code; routes compose features', async () => {
    const featureCode = [
      "import { toOrderView } from '@/features/orders/lib/order-view';",
      "import { useCart } from '@/state/cart/use-cart';",
      "import { formatLongDate } from '@/lib/format-date';",
      'export const x = [toOrderView, useCart, formatLongDate];',
      '',
    ].join('\n');
    expect(await layerErrors('features/orders/lib/fixture.ts', featureCode)).toEqual([]);
    const routeCode = [
      "import { toOrderView } from '@/features/orders/lib/order-view';",
      "import { login } from '@/features/auth/api/login';",
      'export const x = [toOrderView, login];',
      '',
    ].join('\n');
    expect(await layerErrors('app/routes/fixture-route.tsx', routeCode)).toEqual([]);
  });
});
