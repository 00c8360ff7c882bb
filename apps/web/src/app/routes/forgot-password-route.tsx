import { Mail, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@store/ui/button';
import { cn } from '@store/ui/cn';
import { useStoreInfo } from '@/state/store-info/use-store-info';
import { paths } from '@/lib/paths';

/** No reset endpoint exists: explain how the support team resets a password (docs/decisions/web-forgot-password-page.md). */
export function Component() {
  const { storeInfo } = useStoreInfo();
  const email = storeInfo?.companyEmail?.trim();
  const phone = storeInfo?.companyPhone?.trim();
  return (
    <div className="grid gap-5">
      <div className="grid gap-1 text-center">
        <h1 className="text-2xl font-semibold">Forgot your password?</h1>
        <p className="text-sm text-muted-foreground">Our support team will reset it for you.</p>
      </div>
      <ol className="grid list-decimal gap-2 pl-5 text-sm">
        <li>Write to us from the email address you registered with.</li>
        <li>Use the subject &ldquo;Password reset request&rdquo; and tell us your name.</li>
        <li>We will reply with a link or a temporary password, usually within one working day.</li>
      </ol>
      <div className="grid gap-2 rounded-lg bg-muted p-4 text-sm">
        {email ? (
          <a
            href={`mailto:${email}?subject=${encodeURIComponent('Password reset request')}`}
            className="flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
          >
            <Mail className="size-4" aria-hidden="true" />
            {email}
          </a>
        ) : null}
        {phone ? (
          <a
            href={`tel:${phone.replace(/\s/g, '')}`}
            className="flex items-center gap-2 underline-offset-4 hover:underline"
          >
            <Phone className="size-4" aria-hidden="true" />
            {phone}
          </a>
        ) : null}
        <p className="text-muted-foreground">Monday to Saturday, 10AM - 6PM</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to={paths.login} className={cn(buttonVariants(), 'flex-1')}>
          Back to Sign In
        </Link>
        <Link to={paths.contact} className={cn(buttonVariants({ variant: 'outline' }), 'flex-1')}>
          Contact Us
        </Link>
      </div>
    </div>
  );
}
