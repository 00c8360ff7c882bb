import { signToken } from '../lib/tokens';

/**
 * The audience of the operator token: OPERATOR_AUDIENCE of modules/orders/operator.routes.ts,
 * which checks it (store-cli.test.ts keeps the two equal). Importing it from there would load the
 * orders module, drizzle and the schema into every command sent to a running server.
 */
export const CLI_OPERATOR_AUDIENCE = 'store-operator';

/** A one-minute token for /api/v1/operator/*, signed with the server's own JWT key. */
export function signCliOperatorToken(secret: Uint8Array): Promise<string> {
  return signToken(
    secret,
    { role: 'operator' },
    { audience: CLI_OPERATOR_AUDIENCE, lifetime: '60s' },
  );
}
