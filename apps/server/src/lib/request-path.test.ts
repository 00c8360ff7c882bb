import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { routedPath, routedUrl, toOriginForm, withoutTrailingSlashes } from './request-path';

describe('routedPath', () => {
  it('is the path as sent when it is plain', () => {
    expect(routedPath('/api/v1/products?page=2')).toBe('/api/v1/products');
    expect(routedPath('/')).toBe('/');
  });

  it('decodes percent-encoded letters as the router does', () => {
    expect(routedPath('/%61pi/v1/products')).toBe('/api/v1/products');
    expect(routedPath('/%61dmin/orders')).toBe('/admin/orders');
    expect(routedPath('/product/%E0%A4%95')).toBe('/product/क');
  });

  it('keeps an encoded slash, ?, # or % and leaves bad encoding as sent', () => {
    expect(routedPath('/api%2fv1/products')).toBe('/api%2Fv1/products');
    expect(routedPath('/product/a%3Fb%23c%2541')).toBe('/product/a%3Fb%23c%2541');
    expect(routedPath('/%zz/%61')).toBe('/%zz/%61');
  });

  it('drops the scheme and authority of an absolute-form target', () => {
    expect(routedPath('http://shop.example:3000/api/v1/products?x=1')).toBe('/api/v1/products');
    expect(routedPath('https://shop.example')).toBe('/');
    expect(routedPath('HTTP://shop.example/%61dmin')).toBe('/admin');
  });

  it('keeps the query as sent in routedUrl', () => {
    expect(routedUrl('http://h/%70roducts?q=%61')).toBe('/products?q=%61');
    expect(routedUrl('/cart')).toBe('/cart');
  });
});

describe('toOriginForm', () => {
  const request = (url: string, host = 'shop.example') =>
    ({ url, headers: { host } }) as unknown as IncomingMessage;

  it('leaves an origin-form target and its Host alone', () => {
    const req = request('/%61pi/v1/products?x=1');
    expect(toOriginForm(req)).toBe('/%61pi/v1/products?x=1');
    expect(req.headers.host).toBe('shop.example');
  });

  it("turns an absolute-form target into its path and query, the target's host standing for Host", () => {
    const req = request('http://other.example:8080/api/v1/products?page=2', 'shop.example');
    expect(toOriginForm(req)).toBe('/api/v1/products?page=2');
    expect(req.headers.host).toBe('other.example:8080');
    expect(toOriginForm(request('HTTPS://user@h.example?q=1'))).toBe('/?q=1');
    expect(toOriginForm(request('http://h.example'))).toBe('/');
  });

  it('leaves what is not absolute-form to the router', () => {
    expect(toOriginForm(request('*'))).toBe('*');
  });
});

describe('withoutTrailingSlashes', () => {
  it('drops only the trailing slashes, in linear time', () => {
    expect(withoutTrailingSlashes('https://shop.example//')).toBe('https://shop.example');
    expect(withoutTrailingSlashes('https://shop.example')).toBe('https://shop.example');
    const long = `${'/'.repeat(200_000)}x/`;
    expect(withoutTrailingSlashes(long)).toBe(long.slice(0, -1));
  });
});
