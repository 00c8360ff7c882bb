import { describe, expect, it } from 'vitest';
import { setBaseTitle, setPageTitle } from './document-title';

describe('document title', () => {
  it('keeps a page title when the store name arrives after it', () => {
    const clear = setPageTitle('About Us | Kagaz & Kalam Stationers');
    setBaseTitle('Kagaz & Kalam');
    expect(document.title).toBe('About Us | Kagaz & Kalam Stationers');
    clear();
    expect(document.title).toBe('Kagaz & Kalam');
  });
});
