import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QuantityStepper } from './quantity-stepper';

describe('QuantityStepper', () => {
  it('steps up and down by one', async () => {
    const onChange = vi.fn();
    render(<QuantityStepper value={3} onChange={onChange} label="Journal quantity" />);
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await userEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(onChange.mock.calls).toEqual([[4], [2]]);
  });

  it('stops at 1 and at the order limit of 99', () => {
    const { rerender } = render(<QuantityStepper value={1} onChange={vi.fn()} label="q" />);
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeEnabled();
    rerender(<QuantityStepper value={99} onChange={vi.fn()} label="q" />);
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  });
});
