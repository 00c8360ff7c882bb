import { useState } from 'react';
import { CheckCircle2, PlugZap, XCircle } from 'lucide-react';
import { Button } from '@store/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@store/ui/card';
import { ApiError, apiBaseUrl, storeHeaders } from '@/lib/api-client';
import { useTestConnectionMutation } from '@/features/diagnostics/api/test-connection';

type Outcome = { ok: true; storeName: string } | { ok: false; message: string };

export function Component() {
  const mutation = useTestConnectionMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const hostHeader = storeHeaders()['X-Store-Domain'] ?? window.location.host;

  const runTest = async () => {
    setOutcome(null);
    try {
      const info = await mutation.mutateAsync();
      setOutcome({
        ok: true,
        storeName: info?.storeName || info?.companyName || '(unnamed store)',
      });
    } catch (error) {
      console.error('API connection test failed', error);
      setOutcome(
        error instanceof ApiError
          ? { ok: false, message: 'Connection failed. Check console for details.' }
          : {
              ok: false,
              message: `Unexpected error: ${error instanceof Error ? error.message : String(error)}`,
            },
      );
    }
  };

  const rows = [
    ['Hostname', window.location.hostname],
    ['Backend API base', apiBaseUrl()],
    ['Host header (X-Store-Domain)', hostHeader],
  ] as const;
  return (
    <section className="mx-auto grid max-w-2xl gap-6 px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-semibold">API Connection Test</h1>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Connection details</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          <dl className="grid gap-3 text-sm">
            {rows.map(([label, value]) => (
              <div key={label} className="grid gap-0.5 sm:grid-cols-[14rem_1fr]">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="font-mono break-all">{value}</dd>
              </div>
            ))}
          </dl>
          <Button onClick={runTest} disabled={mutation.isPending} className="justify-self-start">
            <PlugZap aria-hidden="true" />
            {mutation.isPending ? 'Testing...' : 'Test Connection'}
          </Button>
          <div aria-live="polite">
            {outcome?.ok ? (
              <p className="flex items-center gap-2 rounded-lg bg-green-50 p-3 text-sm text-green-900">
                <CheckCircle2 className="size-4" aria-hidden="true" />
                Connected. The API answered for store: {outcome.storeName}
              </p>
            ) : outcome ? (
              <p className="flex items-center gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-900">
                <XCircle className="size-4" aria-hidden="true" />
                {outcome.message}
              </p>
            ) : null}
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
