import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@store/ui/button';
import { cn } from '@store/ui/cn';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';
import { FieldError } from '@store/ui/label';
import { FORGOT_PASSWORD_MESSAGE, PASSWORD_RESET_MINUTES } from '@store/contracts/users';
import { useForgotPasswordMutation } from '@/features/auth/api/forgot-password';
import {
  forgotPasswordFormSchema,
  type ForgotPasswordFormValues,
} from '@/features/auth/lib/auth-forms';
import { ApiError, serverErrorText } from '@/lib/api-client';
import { useZodForm } from '@/lib/use-zod-form';
import { paths } from '@/lib/paths';

/**
 * Asks for the account's address and e-mails a reset link. The answer is the same whether or not
 * an account has that address (the server says so too), so the page cannot be used to find out
 * who shops here (docs/decisions/web-forgot-password-page.md).
 */
export function Component() {
  const mutation = useForgotPasswordMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useZodForm(forgotPasswordFormSchema, { defaultValues: { email: '' } });

  const onSubmit = async (values: ForgotPasswordFormValues) => {
    setProblem(null);
    try {
      await mutation.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      console.error('Password reset request failed', error);
      // a 429 says how long to wait; nothing else but "no answer" can come back from the server
      setProblem(
        error instanceof ApiError && error.noResponse
          ? 'No response from server. Please try again later.'
          : (serverErrorText(error) ?? 'Something went wrong. Please try again.'),
      );
    }
  };

  if (sentTo) {
    return (
      <div className="grid gap-5 text-center">
        <MailCheck className="mx-auto size-10 text-primary" aria-hidden="true" />
        <div className="grid gap-2" role="status">
          <h1 className="text-2xl font-semibold">Check your inbox</h1>
          <p className="text-sm">{FORGOT_PASSWORD_MESSAGE}.</p>
          <p className="text-sm text-muted-foreground">
            The link works for {PASSWORD_RESET_MINUTES} minutes. If nothing arrives, check your spam
            folder or ask again.
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link to={paths.login} className={cn(buttonVariants(), 'flex-1')}>
            Back to Sign In
          </Link>
          <Button
            type="button"
            variant="outline"
            className="flex-1"
            onClick={() => {
              form.reset({ email: sentTo });
              setSentTo(null);
            }}
          >
            Use another address
          </Button>
        </div>
      </div>
    );
  }

  const busy = mutation.isPending;
  return (
    <div className="grid gap-6">
      <div className="grid gap-1 text-center">
        <h1 className="text-2xl font-semibold">Forgot your password?</h1>
        <p className="text-sm text-muted-foreground">
          Enter the email you registered with and we will send you a link to set a new one.
        </p>
      </div>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
        <HookFormField form={form} name="email" id="forgot-email" label="Email">
          {(control) => (
            <Input type="email" autoComplete="email" placeholder="you@example.com" {...control} />
          )}
        </HookFormField>
        <FieldError>{problem}</FieldError>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
      <Link
        to={paths.login}
        className="text-center text-sm text-muted-foreground underline-offset-4 hover:underline"
      >
        Back to Sign In
      </Link>
    </div>
  );
}
