import { hexDigestsEqual, sha512Hex } from '../signature';

export const payuEndpoints = {
  test: 'https://test.payu.in/_payment',
  live: 'https://secure.payu.in/_payment',
} as const;

export { payuApiEndpoints } from './payu-definition';

export interface PayuRequestFields {
  key: string;
  txnid: string;
  /** rupees, two decimals */
  amount: string;
  productinfo: string;
  firstname: string;
  email: string;
  phone: string;
  surl: string;
  furl: string;
  udf1?: string;
  udf2?: string;
  udf3?: string;
  udf4?: string;
  udf5?: string;
}

const udfs = (f: Partial<Record<'udf1' | 'udf2' | 'udf3' | 'udf4' | 'udf5', string>>) => [
  f.udf1 ?? '',
  f.udf2 ?? '',
  f.udf3 ?? '',
  f.udf4 ?? '',
  f.udf5 ?? '',
];

/**
 * PayU's documented request hash for the _payment API:
 * sha512(key|txnid|amount|productinfo|firstname|email|udf1|udf2|udf3|udf4|udf5||||||SALT)
 */
export function payuRequestHash(fields: PayuRequestFields, salt: string): string {
  const parts = [
    fields.key,
    fields.txnid,
    fields.amount,
    fields.productinfo,
    fields.firstname,
    fields.email,
    ...udfs(fields),
  ];
  return sha512Hex(`${parts.join('|')}||||||${salt}`);
}

/** The hosted-checkout form: every request field plus its hash. */
export function payuFormData(fields: PayuRequestFields, salt: string): Record<string, string> {
  const data: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) data[k] = v;
  data.hash = payuRequestHash(fields, salt);
  return data;
}

/**
 * The reverse hash PayU sends with its response (to surl/furl and the webhook):
 * sha512([additionalCharges|]SALT|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key)
 */
export function payuResponseHash(
  response: Record<string, string | undefined>,
  salt: string,
): string {
  const r = (k: string) => response[k] ?? '';
  const tail = [
    r('status'),
    '',
    '',
    '',
    '',
    '',
    ...udfs(response).reverse(),
    r('email'),
    r('firstname'),
    r('productinfo'),
    r('amount'),
    r('txnid'),
    r('key'),
  ];
  const head = response.additionalCharges ? [r('additionalCharges'), salt] : [salt];
  return sha512Hex([...head, ...tail].join('|'));
}

export function verifyPayuResponse(
  response: Record<string, string | undefined>,
  salt: string,
  key: string,
): boolean {
  if (response.key !== key) return false;
  return hexDigestsEqual(payuResponseHash(response, salt), response.hash);
}
