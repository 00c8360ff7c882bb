// PayU's merchant post service as a local HTTP server, for tests of reconciliation and refunds.
// It checks the request hash like PayU (sha512(key|command|var1|SALT)) and answers in the formats
// of PayU's documentation (verify_payment, cancel_refund_transaction, check_action_status).
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { payuResponseHash } from '../modules/payments/providers/payu';

export interface FakePayuTransaction {
  mihpayid: string;
  status: 'success' | 'failure' | 'pending';
  /** rupees, two decimals */
  amount: string;
  unmappedstatus?: string;
}

export interface FakePayu {
  url: string;
  /** what verify_payment knows, by our txnid */
  transactions: Map<string, FakePayuTransaction>;
  /** refund requests PayU accepted, by request_id */
  refunds: Map<string, { mihpayid: string; token: string; amount: string; status: string }>;
  /** every command received, in order */
  calls: Record<string, string>[];
  close(): Promise<void>;
}

export async function startFakePayu(key: string, salt: string): Promise<FakePayu> {
  const transactions = new Map<string, FakePayuTransaction>();
  const refunds: FakePayu['refunds'] = new Map();
  const calls: Record<string, string>[] = [];
  let nextRequestId = 135262011;

  const answer = (form: Record<string, string>): unknown => {
    const expected = createHash('sha512')
      .update(`${form.key}|${form.command}|${form.var1 ?? ''}|${salt}`)
      .digest('hex');
    if (form.key !== key || form.hash !== expected) return { status: 0, msg: 'Invalid Hash.' };
    if (form.command === 'verify_payment') {
      const txnid = form.var1 ?? '';
      const t = transactions.get(txnid);
      if (!t) {
        return {
          status: 0,
          msg: '0 out of 1 Transactions Fetched Successfully',
          transaction_details: { [txnid]: { mihpayid: 'Not Found', status: 'Not Found' } },
        };
      }
      return {
        status: 1,
        msg: '1 out of 1 Transactions Fetched Successfully',
        transaction_details: {
          [txnid]: {
            mihpayid: t.mihpayid,
            request_id: '',
            bank_ref_num: null,
            amt: t.amount,
            transaction_amount: t.amount,
            txnid,
            additional_charges: '0.00',
            productinfo: 'order',
            firstname: 'Asha',
            bankcode: 'UPI',
            udf1: '',
            status: t.status,
            unmappedstatus: t.unmappedstatus ?? (t.status === 'success' ? 'captured' : t.status),
            error_code: t.status === 'success' ? 'E000' : 'E308',
            error_Message: t.status === 'success' ? 'NO ERROR' : 'Transaction Pending',
            mode: 'UPI',
            net_amount_debit: t.status === 'success' ? t.amount : '0',
            addedon: '2026-11-23 12:00:00',
          },
        },
      };
    }
    if (form.command === 'cancel_refund_transaction') {
      const mihpayid = form.var1 ?? '';
      const token = form.var2 ?? '';
      if ([...refunds.values()].some((r) => r.token === token))
        return { status: 0, msg: 'Token already used', error_code: 107 };
      const requestId = String(nextRequestId++);
      refunds.set(requestId, { mihpayid, token, amount: form.var3 ?? '', status: 'queued' });
      return {
        status: 1,
        msg: 'Refund Request Queued',
        request_id: requestId,
        bank_ref_num: null,
        mihpayid,
        error_code: 102,
      };
    }
    if (form.command === 'check_action_status') {
      const requestId = form.var1 ?? '';
      const r = refunds.get(requestId);
      if (!r) return { status: 0, msg: 'No action status found' };
      return {
        status: 1,
        msg: 'Transaction Fetched Successfully',
        transaction_details: {
          [requestId]: {
            [requestId]: {
              mihpayid: r.mihpayid,
              amount: r.amount,
              action: 'refund',
              token: r.token,
              status: r.status,
              bank_ref_num: r.status === 'success' ? '308239782136' : null,
              request_id: requestId,
            },
          },
        },
      };
    }
    return { status: 0, msg: 'Invalid command' };
  };

  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      calls.push(form);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer(form)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/merchant/postservice.php?form=2`,
    transactions,
    refunds,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What PayU posts back to surl/furl and the webhook: the request's fields, its status and id, and the reverse hash. */
export function payuResponse(
  salt: string,
  data: Record<string, string>,
  status: string,
  mihpayid: string,
): Record<string, string> {
  const response: Record<string, string> = {
    key: data.key!,
    txnid: data.txnid!,
    amount: data.amount!,
    productinfo: data.productinfo!,
    firstname: data.firstname!,
    email: data.email!,
    udf1: data.udf1!,
    status,
    mihpayid,
  };
  return { ...response, hash: payuResponseHash(response, salt) };
}
