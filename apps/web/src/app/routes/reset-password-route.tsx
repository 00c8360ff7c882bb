import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@store/ui/toast';
import { Button, buttonVariants } from '@store/ui/button';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';
import { INVALID_RESET_TOKEN } from '@store/contracts/users';
import { useResetPasswordMutation } from '@/features/auth/api/reset-password';
import {
  resetPasswordFormSchema,
  type ResetPasswordFormValues,
} from '@/features/auth/lib/auth-forms';
import { ApiError, serverErrorText } from '@/lib/api-client';
import { useZodForm } from '@/lib/use-zod-form';
import { paths } from '@/lib/paths';

const fields = [
  { name: 'password', label: 'New Password' },
  { name: 'confirmPassword', label: 'Confirm New Password' },
] as const;

/** The link's token: `#token=…` as e-mailed (a fragment never reaches a server or its logs), or `?token=…`. */
function tokenOf(hash: string, searchParams: URLSearchParams): string {
  const fromHash = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return (fromHash ?? searchParams.get('token') ?? '').trim();
}

/**
 * The e-mailed link's page: /reset-password#token=…. The token is kept in the page and taken out
 * of the address bar at once (a replace, i.e. history.replaceState), so it does not stay in the
 * history or reach another site as a referrer while it still opens the account.
 */
export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [token] = useState(() => tokenOf(location.hash, searchParams));
  const [linkProblem, setLinkProblem] = useState<string | null>(token ? null : INVALID_RESET_TOKEN);
  const mutation = useResetPasswordMutation();
  const form = useZodForm(resetPasswordFormSchema, {
    defaultValues: { password: '', confirmPassword: '' },
  });

  const tokenInUrl = searchParams.has('token') || location.hash.includes('token=');
  useEffect(() => {
    if (tokenInUrl)
      navigate({ pathname: location.pathname, search: '', hash: '' }, { replace: true });
  }, [tokenInUrl, navigate, location.pathname]);

  const onSubmit = async (values: ResetPasswordFormValues) => {
    try {
      await mutation.mutateAsync({ token, ...values });
      toast.success('Password changed', {
        description: 'Please sign in with your new password.',
      });
      navigate(paths.login, { replace: true });
    } catch (error) {
      console.error('Password reset failed', error);
      if (error instanceof ApiError && error.status === 400) {
        if (error.fields) {
          for (const [name, message] of Object.entries(error.fields)) {
            if (name === 'password' || name === 'confirmPassword') form.setError(name, { message });
          }
        }
        // a 400 without a field to show it on is the link itself: used, expired or unknown
        if (!error.fields?.password && !error.fields?.confirmPassword) {
          setLinkProblem(serverErrorText(error) ?? INVALID_RESET_TOKEN);
        }
        return;
      }
      toast.error('Error', {
        description:
          error instanceof ApiError && error.noResponse
            ? 'No response from server. Please try again later.'
            : (serverErrorText(error) ?? 'Failed to reset the password. Please try again.'),
      });
    }
  };

  if (linkProblem) {
    return (
      <div className="grid gap-5 text-center">
        <div className="grid gap-2">
          <h1 className="text-2xl font-semibold">Reset link not valid</h1>
          <p role="alert" className="text-sm text-destructive">
            {linkProblem}
          </p>
        </div>
        <Link to={paths.forgotPassword} className={buttonVariants()}>
          Ask for a new link
        </Link>
        <Link
          to={paths.login}
          className="text-sm text-muted-foreground underline-offset-4 hover:underline"
        >
          Back to Sign In
        </Link>
      </div>
    );
  }

  const busy = mutation.isPending;
  return (
    <div className="grid gap-6">
      <div className="grid gap-1 text-center">
        <h1 className="text-2xl font-semibold">Set a new password</h1>
        <p className="text-sm text-muted-foreground">
          Every device signed in to your account will be signed out.
        </p>
      </div>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
        {fields.map((field) => (
          <HookFormField
            key={field.name}
            form={form}
            name={field.name}
            id={`reset-${field.name}`}
            label={field.label}
          >
            {(control) => <Input type="password" autoComplete="new-password" {...control} />}
          </HookFormField>
        ))}
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Saving...' : 'Set New Password'}
        </Button>
      </form>
    </div>
  );
}
