// Shiprocket's API (v1/external) as a local HTTP server, for tests of the Shiprocket courier:
// the login's bearer token (which a test can expire), custom orders, AWB assignment, pickups and
// labels, answering in the formats of Shiprocket's API documentation (apidocs.shiprocket.in):
// `{ message, errors?, status_code }` on a refusal. The label's label_url points back here and is
// served as a small PDF. It also writes tracking webhooks as Shiprocket sends them.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Step = 'create' | 'awb' | 'pickup' | 'label';

export interface FakeShiprocketShipment {
  orderId: number;
  shipmentId: number;
  /** the store's order id (our order_id) and the whole body it was created with */
  channelOrderId: string;
  body: Record<string, unknown>;
  awb: string | null;
  courierName: string | null;
  pickupRequested: boolean;
}

export interface FakeShiprocket {
  url: string;
  /** by Shiprocket's shipment id */
  shipments: Map<number, FakeShiprocketShipment>;
  /** every request: method and path */
  calls: string[];
  logins: number;
  /** The next call of a step is answered with this status and body (Shiprocket refusing). */
  failNext(step: Step, status: number, body: Record<string, unknown>): void;
  /** The label links serve this instead of the PDF (a CDN's error page), until set back to null. */
  labelBody: Buffer | null;
  /** Every token issued so far stops working (Shiprocket answers 401), as after ten days. */
  expireTokens(): void;
  /** A tracking webhook's body for an AWB, as Shiprocket posts it. */
  trackingWebhook(awb: string, status: string, at?: string): Record<string, unknown>;
  close(): Promise<void>;
}

/** The smallest PDF a viewer opens: one blank A6 page. */
export const FAKE_LABEL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 298 420]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Shiprocket's shipment status ids for the names a webhook carries. */
const statusIds: Record<string, number> = {
  'PICKED UP': 42,
  'IN TRANSIT': 18,
  'OUT FOR DELIVERY': 17,
  DELIVERED: 7,
  'RTO INITIATED': 9,
  'RTO DELIVERED': 10,
  'PICKUP SCHEDULED': 19,
  CANCELED: 8,
};

const REQUIRED = [
  'order_id',
  'order_date',
  'pickup_location',
  'billing_customer_name',
  'billing_address',
  'billing_city',
  'billing_pincode',
  'billing_state',
  'billing_country',
  'billing_email',
  'billing_phone',
  'shipping_is_billing',
  'order_items',
  'payment_method',
  'sub_total',
  'length',
  'breadth',
  'height',
  'weight',
];

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
  });

export async function startFakeShiprocket(
  email: string,
  password: string,
  pickupLocation = 'Primary',
): Promise<FakeShiprocket> {
  const shipments = new Map<number, FakeShiprocketShipment>();
  const calls: string[] = [];
  const failures = new Map<Step, { status: number; body: Record<string, unknown> }>();
  let tokens = new Set<string>();
  let serial = 1000;
  let logins = 0;
  let url = '';
  const refused = (status: number, message: string) => [status, { message, status_code: status }];

  const failure = (step: Step) => {
    const f = failures.get(step);
    failures.delete(step);
    return f ? ([f.status, f.body] as const) : null;
  };
  const shipmentOf = (id: unknown) => shipments.get(Number(Array.isArray(id) ? id[0] : id));

  const route = (method: string, path: string, body: Record<string, unknown>, auth?: string) => {
    if (method === 'POST' && path === '/v1/external/auth/login') {
      if (body.email !== email || body.password !== password)
        return refused(400, 'Invalid email and password combination');
      logins++;
      const token = `eyFake.${randomBytes(12).toString('hex')}`;
      tokens.add(token);
      return [
        200,
        {
          id: 101,
          first_name: 'API',
          last_name: 'User',
          email,
          company_id: 25149,
          created_at: '2026-01-05 10:00:00',
          token,
        },
      ];
    }
    if (!auth?.startsWith('Bearer ') || !tokens.has(auth.slice(7)))
      return refused(401, 'Unauthenticated.');

    if (method === 'POST' && path === '/v1/external/orders/create/adhoc') {
      const f = failure('create');
      if (f) return f;
      const missing = REQUIRED.filter((k) => body[k] === undefined || body[k] === '');
      if (missing.length)
        return [
          422,
          {
            message: 'Oops! Invalid Data.',
            errors: Object.fromEntries(
              missing.map((k) => [k, [`The ${k.replace(/_/g, ' ')} field is required.`]]),
            ),
            status_code: 422,
          },
        ];
      if (body.pickup_location !== pickupLocation)
        return refused(
          422,
          'Wrong Pickup location entered. Please choose one location from data given',
        );
      const entry: FakeShiprocketShipment = {
        orderId: ++serial,
        shipmentId: ++serial,
        channelOrderId: String(body.order_id),
        body,
        awb: null,
        courierName: null,
        pickupRequested: false,
      };
      shipments.set(entry.shipmentId, entry);
      return [
        200,
        {
          order_id: entry.orderId,
          shipment_id: entry.shipmentId,
          status: 'NEW',
          status_code: 1,
          onboarding_completed_now: 0,
          awb_code: null,
          courier_company_id: null,
          courier_name: null,
        },
      ];
    }
    if (method === 'POST' && path === '/v1/external/courier/assign/awb') {
      const f = failure('awb');
      if (f) return f;
      const s = shipmentOf(body.shipment_id);
      if (!s) return refused(400, 'Invalid shipment id');
      if (s.awb) return refused(400, 'AWB is already assigned');
      s.awb = String(190414247515 + serial++);
      s.courierName = 'Delhivery Surface';
      return [
        200,
        {
          awb_assign_status: 1,
          response: {
            data: {
              courier_company_id: 12,
              awb_code: s.awb,
              cod: s.body.payment_method === 'COD' ? 1 : 0,
              order_id: s.orderId,
              shipment_id: s.shipmentId,
              awb_code_status: 1,
              assigned_date_time: {
                date: '2026-11-28 11:17:52.878599',
                timezone_type: 3,
                timezone: 'Asia/Kolkata',
              },
              applied_weight: s.body.weight,
              company_id: 25149,
              courier_name: s.courierName,
              child_courier_name: null,
              pickup_scheduled_date: null,
              routing_code: '',
              rto_routing_code: '',
              invoice_no: `retail${s.shipmentId}`,
              transporter_id: '',
              transporter_name: '',
            },
          },
        },
      ];
    }
    if (method === 'POST' && path === '/v1/external/courier/generate/pickup') {
      const f = failure('pickup');
      if (f) return f;
      const s = shipmentOf(body.shipment_id);
      if (!s) return refused(400, 'Invalid shipment id');
      if (!s.awb) return refused(400, 'Please assign AWB before generating pickup');
      if (s.pickupRequested) return refused(400, 'Already in Pickup Queue.');
      s.pickupRequested = true;
      return [
        200,
        {
          pickup_status: 1,
          response: {
            pickup_scheduled_date: '2026-11-30 10:00:00',
            pickup_token_number: `Reference No: ${s.shipmentId}`,
            status: 3,
            others: '{"data":"Pickup request sent"}',
            pickup_generated_date: {
              date: '2026-11-28 11:20:00.000000',
              timezone_type: 3,
              timezone: 'Asia/Kolkata',
            },
            data: 'Pickup is scheduled for 30 Nov 2026',
          },
        },
      ];
    }
    if (method === 'POST' && path === '/v1/external/courier/generate/label') {
      const f = failure('label');
      if (f) return f;
      const s = shipmentOf(body.shipment_id);
      if (!s?.awb)
        return [
          200,
          { label_created: 0, response: 'Label not created', not_created: [body.shipment_id] },
        ];
      return [
        200,
        {
          label_created: 1,
          label_url: `${url}/kr-labels/${s.shipmentId}.pdf`,
          response: 'Label has been created and uploaded successfully!',
          not_created: [],
        },
      ];
    }
    return refused(404, 'Not found');
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      calls.push(`${req.method} ${path}`);
      const label = /^\/kr-labels\/(\d+)\.pdf$/.exec(path);
      if (req.method === 'GET' && label) {
        if (!shipments.has(Number(label[1]))) {
          res.writeHead(404).end();
          return;
        }
        res
          .writeHead(200, { 'content-type': 'application/pdf' })
          .end(fake.labelBody ?? FAKE_LABEL_PDF);
        return;
      }
      let body: Record<string, unknown>;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        body = {};
      }
      const [status, answer] = route(req.method ?? 'GET', path, body, req.headers.authorization);
      res.writeHead(status as number, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeShiprocket = {
    url,
    labelBody: null,
    shipments,
    calls,
    get logins() {
      return logins;
    },
    failNext(step, status, body) {
      failures.set(step, { status, body });
    },
    expireTokens() {
      tokens = new Set();
    },
    trackingWebhook(awb, status, at = '28 11 2026 15:32:17') {
      const s = [...shipments.values()].find((x) => x.awb === awb);
      return {
        awb,
        courier_name: s?.courierName ?? 'Delhivery Surface',
        current_status: status,
        current_status_id: statusIds[status] ?? 0,
        shipment_status: status,
        shipment_status_id: statusIds[status] ?? 0,
        current_timestamp: at,
        order_id: `${s?.orderId ?? 0}_${s?.channelOrderId ?? ''}`,
        sr_order_id: s?.orderId ?? 0,
        awb_assigned_date: '2026-11-28 11:17:52',
        pickup_scheduled_date: '2026-11-30 10:00:00',
        etd: '2026-12-02 18:00:00',
        scans: [
          {
            date: '2026-11-28 11:17:52',
            status: 'X-UCI',
            activity: 'Manifested - Manifest uploaded',
            location: 'Bengaluru_Hub (Karnataka)',
            'sr-status': '5',
            'sr-status-label': 'MANIFEST GENERATED',
          },
        ],
        is_return: 0,
        channel_id: 3422553,
        pod_status: 'OTP Based Delivery',
        pod: 'Not Available',
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
