import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { staffRoles } from '@store/contracts/admin/common';
import { addStaffBodySchema, type AddStaffBody } from '@store/contracts/admin/people';
import { Button } from '@store/ui/button';
import { HookFormField } from '@store/ui/hook-form-field';
import { Input } from '@store/ui/input';
import { Select } from '@store/ui/select';
import { toast } from '@store/ui/toast';
import { FieldError } from '@store/ui/label';
import { applyServerErrors } from '@/lib/api-client';
import { useAddStaff } from '../api/staff';

export function AddStaffForm() {
  const form = useForm<AddStaffBody>({
    resolver: zodResolver(addStaffBodySchema),
    defaultValues: { email: '', password: '', role: 'staff' },
  });
  const add = useAddStaff();
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (body) => {
    setProblem(null);
    try {
      await add.mutateAsync(body);
      toast.success(`${body.email} can now sign in`);
      form.reset();
    } catch (error) {
      setProblem(applyServerErrors(error, form.setError, ['email', 'password', 'role']));
    }
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="add-staff-heading"
      className="grid gap-4 rounded-lg border border-border bg-card p-4"
    >
      <h2 id="add-staff-heading" className="font-sans text-lg font-semibold">
        Add a person
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        <HookFormField form={form} name="email" id="staff-email" label="Email">
          {(control) => <Input type="email" autoComplete="off" {...control} />}
        </HookFormField>
        <HookFormField
          form={form}
          name="password"
          id="staff-password"
          label="Password"
          hint="At least 12 characters"
        >
          {(control) => <Input type="password" autoComplete="new-password" {...control} />}
        </HookFormField>
        <HookFormField form={form} name="role" id="staff-role" label="Role">
          {(control) => (
            <Select {...control}>
              {staffRoles.map((role) => (
                <option key={role} value={role}>
                  {role === 'owner' ? 'Owner' : 'Staff'}
                </option>
              ))}
            </Select>
          )}
        </HookFormField>
      </div>
      <FieldError className="font-medium">{problem}</FieldError>
      <div>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          Add
        </Button>
      </div>
    </form>
  );
}
