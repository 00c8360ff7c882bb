import type { FieldErrors } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '@store/ui/toast';
import { Button } from '@store/ui/button';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';
import { useRegisterMutation } from '@/features/auth/api/register';
import { registerErrorMessage } from '@/features/auth/lib/auth-errors';
import {
  isBasicEmail,
  registerFormSchema,
  toRegisterBody,
  type RegisterFormInput,
  type RegisterFormValues,
} from '@/features/auth/lib/auth-forms';
import { useZodForm } from '@/lib/use-zod-form';
import { paths } from '@/lib/paths';

const fields = [
  { name: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  {
    name: 'confirmPassword',
    label: 'Confirm Password',
    type: 'password',
    autoComplete: 'new-password',
  },
] as const;

function toastInvalidEmail() {
  toast.error('Invalid Email', { description: 'Please enter a valid email address.' });
}

export function Component() {
  const navigate = useNavigate();
  const mutation = useRegisterMutation();
  const form = useZodForm(registerFormSchema, {
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = async (values: RegisterFormValues) => {
    if (!isBasicEmail(values.email)) return toastInvalidEmail();
    try {
      await mutation.mutateAsync(toRegisterBody(values));
      toast.success('Account created successfully. You can now log in.');
      navigate(paths.home);
    } catch (error) {
      console.error('Registration failed', error);
      toast.error('Registration Error', { description: registerErrorMessage(error) });
    }
  };

  // The basic email check comes before any call (spec section 5), even when other fields are wrong too.
  const onInvalid = (invalid: FieldErrors<RegisterFormInput>) => {
    if (invalid.email && !isBasicEmail(form.getValues('email'))) toastInvalidEmail();
  };

  const busy = mutation.isPending;
  return (
    <div className="grid gap-6">
      <div className="grid gap-1 text-center">
        <h1 className="text-2xl font-semibold">Create an account</h1>
        <p className="text-sm text-muted-foreground">Track your orders and check out faster.</p>
      </div>
      <form
        noValidate
        onSubmit={form.handleSubmit(onSubmit, onInvalid)}
        className="grid gap-4 sm:grid-cols-2"
      >
        {fields.map((field) => (
          <HookFormField
            key={field.name}
            form={form}
            name={field.name}
            id={`register-${field.name}`}
            label={field.label}
            className={field.name.endsWith('Name') ? undefined : 'sm:col-span-2'}
          >
            {(control) => (
              <Input type={field.type} autoComplete={field.autoComplete} {...control} />
            )}
          </HookFormField>
        ))}
        <Button type="submit" size="lg" disabled={busy} className="sm:col-span-2">
          {busy ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link
          to={paths.login}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Sign in
        </Link>
      </p>
    </div>
  );
}
