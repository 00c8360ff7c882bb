import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ImportResult } from '@store/contracts/admin/import';
import { ADMIN_API, server } from '@/test/msw-server';
import { renderWithProviders } from '@/test/render';
import { ImportExport } from './import-export';

const csv = 'slug,title,category,regular_price\nred-pen,Red pen,Pens,20\n,Blue pen,Nowhere,abc\n';

const withErrors: ImportResult = {
  dryRun: true,
  ok: false,
  rows: [
    { line: 2, slug: 'red-pen', title: 'Red pen', action: 'update', errors: [] },
    {
      line: 3,
      slug: 'blue-pen',
      title: 'Blue pen',
      action: 'error',
      errors: [
        { column: 'category', message: 'No category "Nowhere"' },
        { column: 'regular_price', message: 'Enter an amount in rupees, with at most 2 decimals' },
      ],
    },
  ],
  counts: { create: 0, update: 1, unchanged: 0, error: 1 },
  fileErrors: [],
};

const good: ImportResult = {
  ...withErrors,
  ok: true,
  rows: [
    { line: 2, slug: 'red-pen', title: 'Red pen', action: 'update', errors: [] },
    { line: 3, slug: 'blue-pen', title: 'Blue pen', action: 'create', errors: [] },
  ],
  counts: { create: 1, update: 1, unchanged: 0, error: 0 },
};

async function choose(content = csv) {
  const user = userEvent.setup();
  await user.upload(
    screen.getByLabelText('CSV file'),
    new File([content], 'products.csv', { type: 'text/csv' }),
  );
  return user;
}

describe('Import / export', () => {
  it("previews the file, shows each row's errors with the column and offers no import", async () => {
    const seen: { dryRun: string | null; csv: string }[] = [];
    server.use(
      http.post(`${ADMIN_API}/products/import`, async ({ request }) => {
        seen.push({
          dryRun: new URL(request.url).searchParams.get('dryRun'),
          csv: ((await request.json()) as { csv: string }).csv,
        });
        return HttpResponse.json(withErrors);
      }),
    );
    renderWithProviders(<ImportExport />);
    await choose();

    const table = await screen.findByRole('table', { name: 'Import preview' });
    const errorRow = within(table).getByRole('row', { name: /Blue pen/ });
    expect(errorRow).toHaveTextContent('Error');
    expect(errorRow).toHaveTextContent('category: No category "Nowhere"');
    expect(errorRow).toHaveTextContent(
      'regular_price: Enter an amount in rupees, with at most 2 decimals',
    );
    expect(screen.getByText('0 to create, 1 to update, 0 unchanged, 1 with errors')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Import \d/ })).toBeNull();
    expect(seen).toEqual([{ dryRun: 'true', csv }]);
  });

  it('imports a good file after its preview and says what was written', async () => {
    const dryRuns: string[] = [];
    server.use(
      http.post(`${ADMIN_API}/products/import`, ({ request }) => {
        const dryRun = new URL(request.url).searchParams.get('dryRun')!;
        dryRuns.push(dryRun);
        return HttpResponse.json(dryRun === 'true' ? good : { ...good, dryRun: false });
      }),
    );
    renderWithProviders(<ImportExport />);
    const user = await choose();
    await user.click(await screen.findByRole('button', { name: 'Import 2 products' }));
    const notice = await screen.findByText('Imported: 1 created, 1 updated, 0 unchanged.');
    expect(notice).toBeVisible();
    expect(notice).toHaveFocus();
    expect(dryRuns).toEqual(['true', 'false']);
  });

  it('previews the same file again when it is chosen again (after a fix in the spreadsheet)', async () => {
    let dryRuns = 0;
    server.use(
      http.post(`${ADMIN_API}/products/import`, () => {
        dryRuns += 1;
        return HttpResponse.json(withErrors);
      }),
    );
    renderWithProviders(<ImportExport />);
    await choose();
    await screen.findByRole('table', { name: 'Import preview' });
    expect(screen.getByLabelText('CSV file')).toHaveValue('');
    await choose();
    await expect.poll(() => dryRuns).toBe(2);
  });

  it('shows file errors', async () => {
    server.use(
      http.post(`${ADMIN_API}/products/import`, () =>
        HttpResponse.json({
          ...withErrors,
          rows: [],
          counts: { create: 0, update: 0, unchanged: 0, error: 0 },
          fileErrors: ['Missing column: title'],
        }),
      ),
    );
    renderWithProviders(<ImportExport />);
    await choose('slug\nx\n');
    expect(await screen.findByText('Missing column: title')).toBeVisible();
  });

  it('documents every column', () => {
    renderWithProviders(<ImportExport />);
    const table = screen.getByRole('table', { name: 'CSV columns' });
    expect(within(table).getAllByRole('rowheader')).toHaveLength(20);
    expect(within(table).getByRole('rowheader', { name: 'variant_stock' })).toBeVisible();
    expect(within(table).getByRole('rowheader', { name: 'hsn_code' })).toBeVisible();
    expect(within(table).getByRole('rowheader', { name: 'gst_rate' })).toBeVisible();
    for (const column of ['sku', 'barcode', 'weight_grams']) {
      const row = within(table).getByRole('rowheader', { name: column }).closest('tr')!;
      expect(row).toHaveTextContent(/Left out: kept; empty: none\./);
    }
  });
});
