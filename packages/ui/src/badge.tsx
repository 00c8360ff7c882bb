import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        outline: 'border-border text-foreground',
        sale: 'border-transparent bg-destructive text-white',
        yellow: 'border-transparent bg-yellow-100 text-yellow-900',
        blue: 'border-transparent bg-blue-100 text-blue-900',
        purple: 'border-transparent bg-purple-100 text-purple-900',
        green: 'border-transparent bg-green-100 text-green-900',
        red: 'border-transparent bg-red-100 text-red-900',
        gray: 'border-transparent bg-gray-100 text-gray-800',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
