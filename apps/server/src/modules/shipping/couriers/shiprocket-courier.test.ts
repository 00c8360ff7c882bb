import { describe, expect, it } from 'vitest';
import { ShiprocketCourier } from './shiprocket-courier';

const courier = new ShiprocketCourier({
  email: 'api@kagazkalam.in',
  password: 'secret',
  apiUrl: 'http://127.0.0.1:9',
  webhookToken: 'panel-token',
  pickupLocation: 'Primary',
});

describe("Shiprocket's tracking webhook, read", () => {
  it("takes Shiprocket's sample payload: a numeric or string AWB, its status, its IST timestamp", () => {
    expect(
      courier.parseTrackingEvent({
        awb: 19041424751540,
        current_status: 'IN TRANSIT',
        shipment_status: 'IN TRANSIT',
        current_timestamp: '23 05 2023 11:43:52',
      }),
    ).toEqual({
      awb: '19041424751540',
      status: 'shipped',
      at: new Date('2023-05-23T11:43:52+05:30'),
      rawStatus: 'IN TRANSIT',
    });
  });

  it('reads current_status when shipment_status says nothing it knows; unknown statuses move nothing', () => {
    expect(
      courier.parseTrackingEvent({
        awb: '1',
        shipment_status: 'SOMETHING NEW',
        current_status: 'Delivered',
      })?.status,
    ).toBe('delivered');
    expect(
      courier.parseTrackingEvent({ awb: '1', shipment_status: 'PICKUP SCHEDULED' }),
    ).toMatchObject({ status: null, at: null });
    expect(courier.parseTrackingEvent({ current_status: 'DELIVERED' })).toBeNull();
    expect(courier.parseTrackingEvent('DELIVERED')).toBeNull();
  });

  it('takes only the exact token in x-api-key', () => {
    expect(courier.verifyWebhook({ 'x-api-key': 'panel-token' })).toBe(true);
    expect(courier.verifyWebhook({ 'x-api-key': 'panel-toke' })).toBe(false);
    expect(courier.verifyWebhook({ 'x-api-key': ['panel-token'] })).toBe(false);
    expect(courier.verifyWebhook({})).toBe(false);
    expect(new ShiprocketCourier(null).verifyWebhook({ 'x-api-key': '' })).toBe(false);
  });
});
