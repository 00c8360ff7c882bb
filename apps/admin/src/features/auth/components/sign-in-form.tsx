import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  adminMessages,
  staffLoginBodySchema,
  type StaffLoginBody,
} from '@store/contracts/admin/common';
import { Button } from '@store/ui/button';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';
import { FieldError } from '@store/ui/label';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSignIn } from '../api/sign-in';

/** Email, Password, Sign in. A refusal says only "Invalid email or password" (or the rate limit). */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const form = useForm<StaffLoginBody>({
    resolver: zodResolver(staffLoginBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const signIn = useSignIn();
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await signIn.mutateAsync(values);
      onSignedIn();
    } catch (error) {
      // 401 is the wrong e-mail or password; 429 and others carry the server's own message
      setProblem(
        error instanceof ApiError && error.status === 401
          ? adminMessages.invalidCredentials
          : errorMessage(error),
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <HookFormField form={form} name="email" id="email" label="Email">
        {(control) => <Input type="email" autoComplete="username" {...control} />}
      </HookFormField>
      <HookFormField form={form} name="password" id="password" label="Password">
        {(control) => <Input type="password" autoComplete="current-password" {...control} />}
      </HookFormField>
      <FieldError className="font-medium">{problem}</FieldError>
      <Button type="submit" disabled={form.formState.isSubmitting}>
        Sign in
      </Button>
    </form>
  );
}
