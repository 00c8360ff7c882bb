import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '@store/ui/toast';
import { Button } from '@store/ui/button';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';
import { useLoginMutation } from '@/features/auth/api/login';
import { login } from '@/state/session/sign-in-out';
import { loginErrorMessage, returnPath } from '@/features/auth/lib/auth-errors';
import { loginFormSchema, type LoginFormValues } from '@/features/auth/lib/auth-forms';
import { useZodForm } from '@/lib/use-zod-form';
import { paths } from '@/lib/paths';

export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  const mutation = useLoginMutation();
  const form = useZodForm(loginFormSchema, {
    defaultValues: { email: '', password: '', rememberMe: false },
  });

  const onSubmit = async (values: LoginFormValues) => {
    try {
      const token = await mutation.mutateAsync(values);
      login(values.email, token);
      toast.success('Success!', { description: 'Logged in successfully.' });
      navigate(returnPath(location.state), { replace: true });
    } catch (error) {
      console.error('Login failed', error);
      toast.error('Error', { description: loginErrorMessage(error) });
    }
  };

  const busy = mutation.isPending;
  return (
    <div className="grid gap-6">
      <div className="grid gap-1 text-center">
        <h1 className="text-2xl font-semibold">Welcome back</h1>
        <p className="text-sm text-muted-foreground">Sign in to see your orders and check out.</p>
      </div>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
        <HookFormField form={form} name="email" id="login-email" label="Email">
          {(control) => (
            <Input type="email" autoComplete="email" placeholder="you@example.com" {...control} />
          )}
        </HookFormField>
        <HookFormField form={form} name="password" id="login-password" label="Password">
          {(control) => <Input type="password" autoComplete="current-password" {...control} />}
        </HookFormField>
        <div className="flex items-center justify-between gap-4 text-sm">
          <HookFormField
            form={form}
            name="rememberMe"
            id="login-remember"
            label="Remember me"
            inline
          >
            {(control) => (
              <input type="checkbox" className="mt-0.5 size-4 accent-primary" {...control} />
            )}
          </HookFormField>
          <Link
            to={paths.forgotPassword}
            className="text-primary underline-offset-4 hover:underline"
          >
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <p className="text-center text-sm text-muted-foreground">
        Don&apos;t have an account?{' '}
        <Link
          to={paths.register}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Create one
        </Link>
      </p>
      <p className="text-center text-xs text-muted-foreground">
        By signing in you agree to our{' '}
        <Link to={paths.policy('terms')} className="underline underline-offset-2">
          Terms and Conditions
        </Link>{' '}
        and{' '}
        <Link to={paths.policy('privacy')} className="underline underline-offset-2">
          Privacy Policy
        </Link>
        .
      </p>
      <Link
        to={paths.home}
        className="text-center text-sm text-muted-foreground underline-offset-4 hover:underline"
      >
        Back to home
      </Link>
    </div>
  );
}
