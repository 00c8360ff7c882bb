import { describe, expect, it } from 'vitest';
import { accountFullName, accountLoadErrorMessage, unwrapAccountInfo } from './account-info';

const account = {
  id: 'u1',
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.in',
  createdAt: '2024-01-15T08:00:00Z',
};

describe('account info', () => {
  it('reads the wrapped and the bare response', () => {
    const expected = {
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.in',
      createdAt: '2024-01-15T08:00:00Z',
    };
    expect(unwrapAccountInfo({ data: account })).toEqual(expected);
    expect(unwrapAccountInfo(account)).toEqual(expected);
    expect(unwrapAccountInfo(null)).toEqual({});
    expect(unwrapAccountInfo({ data: null })).toEqual({});
  });
  it('joins the name parts that are present', () => {
    expect(accountFullName({ firstName: 'Asha', lastName: 'Rao' })).toBe('Asha Rao');
    expect(accountFullName({ lastName: 'Rao' })).toBe('Rao');
  });
  it('appends the status, the missing response or the message', () => {
    expect(accountLoadErrorMessage({ status: 500, message: 'x' })).toBe(
      'Failed to load account information (status 500)',
    );
    expect(accountLoadErrorMessage({ status: 0 })).toBe(
      'Failed to load account information (No response received)',
    );
    expect(accountLoadErrorMessage(new Error('boom'))).toBe(
      'Failed to load account information: boom',
    );
    expect(accountLoadErrorMessage('?')).toBe('Failed to load account information');
  });
});
