import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { ImportResult } from '@store/contracts/admin/import';
import { Badge } from '@store/ui/badge';
import { Button } from '@store/ui/button';
import { FieldError, Label } from '@store/ui/label';
import { toast } from '@store/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { downloadExport, postImport } from '../api/import';
import { CsvColumns } from './csv-columns';

type Run = (csv: string, dryRun: boolean) => Promise<ImportResult>;

/** The file as UTF-8 text (FileReader: every browser, and jsdom in the tests). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(new Error('The file could not be read'));
    reader.readAsText(file, 'utf-8');
  });
}

const actionBadge = {
  create: <Badge variant="green">Create</Badge>,
  update: <Badge variant="blue">Update</Badge>,
  unchanged: <Badge variant="gray">Unchanged</Badge>,
  error: <Badge variant="red">Error</Badge>,
} as const;

function Counts({ counts }: { counts: ImportResult['counts'] }) {
  return (
    <p className="text-sm">
      {counts.create} to create, {counts.update} to update, {counts.unchanged} unchanged,{' '}
      {counts.error} with errors
    </p>
  );
}

/** The dry run's answer: file errors, counts and each row with its errors. */
function Preview({ result }: { result: ImportResult }) {
  return (
    <div className="grid gap-3">
      {result.fileErrors.length ? (
        <ul role="alert" className="grid gap-1 text-sm font-medium text-destructive">
          {result.fileErrors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      <Counts counts={result.counts} />
      {/* focusable: on a phone the table scrolls sideways, and keyboard users must reach it */}
      {result.rows.length ? (
        <div
          role="region"
          aria-label="Import preview"
          tabIndex={0}
          className="overflow-x-auto rounded-lg border border-border bg-card"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Import preview</caption>
            <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
              <tr>
                {['Line', 'Slug', 'Title', 'Action', 'Errors'].map((h) => (
                  <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {result.rows.map((row) => (
                <tr
                  key={row.line}
                  className={
                    row.action === 'error'
                      ? 'border-t border-border bg-red-50'
                      : 'border-t border-border'
                  }
                >
                  <td className="px-3 py-2">{row.line}</td>
                  <td className="px-3 py-2 font-mono text-xs">{row.slug}</td>
                  <td className="px-3 py-2">{row.title}</td>
                  <td className="px-3 py-2">{actionBadge[row.action]}</td>
                  <td className="px-3 py-2">
                    {row.errors.length ? (
                      <ul className="grid gap-1 text-destructive">
                        {row.errors.map((e, i) => (
                          <li key={i}>
                            <span className="font-mono text-xs font-semibold">{e.column}</span>:{' '}
                            {e.message}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

/**
 * Import / export: Export CSV downloads every product not archived; import reads a .csv file,
 * previews it (dry run) and offers the import only when every row is good.
 */
export function ImportExport({
  run = postImport,
  download = downloadExport,
}: {
  run?: Run;
  download?: () => Promise<string>;
}) {
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'export' | 'preview' | 'import' | null>(null);

  const onExport = async () => {
    setBusy('export');
    try {
      const name = await download();
      toast.success(`Downloaded ${name}`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // the file is read now: cleared, the input tells of the same file chosen again after a fix
    event.target.value = '';
    setPreview(null);
    setDone(null);
    setProblem(null);
    setFile(null);
    if (!chosen) return;
    if (!/\.csv$/i.test(chosen.name) && chosen.type !== 'text/csv') {
      setProblem(`${chosen.name} is not a .csv file`);
      return;
    }
    if (chosen.size > 2 * 1024 * 1024) {
      setProblem('The file is larger than 2 MB');
      return;
    }
    setBusy('preview');
    try {
      const csv = await readText(chosen);
      setFile({ name: chosen.name, csv });
      setPreview(await run(csv, true));
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  // the notice is below the preview the owner scrolled through: brought into view and read out
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!done) return;
    doneRef.current?.scrollIntoView?.({ block: 'center' });
    doneRef.current?.focus();
  }, [done]);

  const toWrite = preview ? preview.counts.create + preview.counts.update : 0;
  const onImport = async () => {
    if (!file) return;
    setBusy('import');
    setProblem(null);
    try {
      const result = await run(file.csv, false);
      if (result.ok) {
        setDone(result);
        setPreview(null);
        toast.success('Import finished');
      } else {
        // the catalogue changed since the preview: show the new verdict
        setPreview(result);
      }
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
      <section aria-labelledby="export-heading" className="grid gap-3">
        <h2 id="export-heading" className="font-sans text-lg font-semibold">
          Export
        </h2>
        <p className="text-sm text-muted-foreground">
          Every product that is not archived, one row each, in the columns below.
        </p>
        <div>
          <Button variant="outline" onClick={onExport} disabled={busy === 'export'}>
            {busy === 'export' ? 'Exporting…' : 'Export CSV'}
          </Button>
        </div>
      </section>

      <section aria-labelledby="import-heading" className="grid gap-4">
        <h2 id="import-heading" className="font-sans text-lg font-semibold">
          Import
        </h2>
        <div className="grid gap-2">
          <Label htmlFor="import-file">CSV file</Label>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            onChange={onFile}
            aria-describedby="import-file-hint"
            className="text-sm file:mr-3 file:inline-flex file:h-9 file:cursor-pointer file:rounded-md file:border file:border-border file:bg-card file:px-3 file:text-sm file:font-medium"
          />
          <p id="import-file-hint" className="text-xs text-muted-foreground">
            Up to 2 MB. You see a preview of every row first; nothing is written until you import.
          </p>
        </div>
        {busy === 'preview' ? (
          <p role="status" className="text-sm text-muted-foreground">
            Checking the file…
          </p>
        ) : null}
        <FieldError className="font-medium">{problem}</FieldError>
        {preview ? (
          <div className="grid gap-4">
            <h3 className="font-sans text-base font-semibold">Preview of {file?.name}</h3>
            <Preview result={preview} />
            {preview.ok && toWrite > 0 ? (
              <div>
                <Button onClick={onImport} disabled={busy === 'import'}>
                  {busy === 'import'
                    ? 'Importing…'
                    : `Import ${toWrite} ${toWrite === 1 ? 'product' : 'products'}`}
                </Button>
              </div>
            ) : preview.ok ? (
              <p role="status" className="text-sm">
                Nothing to import: every row matches the stored product.
              </p>
            ) : (
              <p role="alert" className="text-sm font-medium text-destructive">
                Fix the errors above and choose the file again: nothing is imported while any row
                has an error.
              </p>
            )}
          </div>
        ) : null}
        {done ? (
          <div
            ref={doneRef}
            tabIndex={-1}
            role="status"
            className="rounded-lg border border-green-300 bg-green-50 p-4 text-sm text-green-950"
          >
            Imported: {done.counts.create} created, {done.counts.update} updated,{' '}
            {done.counts.unchanged} unchanged.
          </div>
        ) : null}
      </section>

      <CsvColumns />
    </div>
  );
}
