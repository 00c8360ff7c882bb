import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangeValues } from './change-values';

describe('an activity entry’s change', () => {
  it('reads as words: statuses by name, money in rupees, yes/no, field names spelled out', () => {
    render(
      <ChangeValues
        before={{ status: 2, refundedPaise: 0, needsRefund: true }}
        after={{
          status: 3,
          refundedPaise: 64_900,
          needsRefund: false,
          paymentsFlaggedForRefund: ['PAY1', 'PAY2'],
          gstRateBp: 1800,
        }}
      />,
    );
    const row = (name: string) => within(screen.getByRole('rowheader', { name }).closest('tr')!);
    expect(row('Status').getByText('Shipped')).toBeVisible();
    expect(row('Status').getByText('Delivered')).toBeVisible();
    expect(row('Refunded').getByText('₹649.00')).toBeVisible();
    expect(row('Needs refund').getByText('Yes')).toBeVisible();
    expect(row('Needs refund').getByText('No')).toBeVisible();
    expect(row('Payments flagged for refund').getByText('PAY1, PAY2')).toBeVisible();
    expect(row('Gst rate').getByText('18%')).toBeVisible();
    expect(document.body.textContent).not.toMatch(/[{}[\]"]/);
  });

  it('spells out a record inside a field, not as JSON', () => {
    render(
      <ChangeValues before={null} after={{ address: { city: 'Pune', postalCode: '411001' } }} />,
    );
    expect(screen.getByText('City: Pune; Postal code: 411001')).toBeVisible();
  });
});
