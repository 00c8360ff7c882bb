import { startTransition, useEffect } from 'react';
import { CalendarDays, LogOut, Mail, MapPin, Package, User, type LucideIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonVariants } from '@store/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@store/ui/card';
import { Skeleton } from '@store/ui/skeleton';
import { toast } from '@store/ui/toast';
import { logout } from '@/state/session/sign-in-out';
import { formatLongDate } from '@/lib/format-date';
import { useAccountInfoQuery } from '@/features/account/api/get-account-info';
import { accountFullName, accountLoadErrorMessage } from '@/features/account/lib/account-info';
import { AccountDetail } from '@/features/account/components/account-detail';
import { paths } from '@/lib/paths';

export function Component() {
  const navigate = useNavigate();
  const { data, isPending, isError, error } = useAccountInfoQuery();

  useEffect(() => {
    if (isError)
      toast.error('Error', {
        id: 'account-load-error',
        description: accountLoadErrorMessage(error),
      });
  }, [isError, error]);

  // The router applies navigations in a transition; signing out in the same transition keeps the
  // protected route from seeing the signed-out state first and redirecting to /login.
  const signOut = () => {
    startTransition(() => {
      navigate(paths.home);
      logout();
    });
  };

  const name = data ? accountFullName(data) : '';
  return (
    <section className="mx-auto grid max-w-3xl gap-6 px-4 py-10 sm:py-14">
      <div>
        <h1 className="text-3xl font-semibold">My Account</h1>
        <p className="mt-1 text-muted-foreground">Your details and orders in one place.</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Account details</CardTitle>
        </CardHeader>
        <CardContent>
          {isPending ? (
            <div className="grid gap-4" role="status" aria-label="Loading account information">
              {[0, 1, 2].map((i) => (
                <div key={i} className="flex items-center gap-3">
                  <Skeleton className="size-9 rounded-full" />
                  <div className="grid flex-1 gap-2">
                    <Skeleton className="h-3 w-24" />
                    <Skeleton className="h-4 w-48" />
                  </div>
                </div>
              ))}
            </div>
          ) : (
            <dl className="grid gap-4">
              <AccountDetail icon={User} label="Name" value={name || 'Not provided'} />
              <AccountDetail icon={Mail} label="Email" value={data?.email || 'Not provided'} />
              <AccountDetail
                icon={CalendarDays}
                label="Member since"
                value={formatLongDate(data?.createdAt) ?? 'Not available'}
              />
            </dl>
          )}
        </CardContent>
      </Card>
      <AccountLink
        to={paths.orders}
        icon={Package}
        title="My Orders"
        text="Track, pay for and review your orders"
      />
      <AccountLink
        to={paths.addresses}
        icon={MapPin}
        title="My Addresses"
        text="Add, change or remove your delivery addresses"
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button variant="destructive" onClick={signOut}>
          <LogOut aria-hidden="true" />
          Sign Out
        </Button>
        <Link to={paths.home} className={buttonVariants({ variant: 'outline' })}>
          Return to Home
        </Link>
      </div>
    </section>
  );
}

/** One of the account's places (orders, addresses): a card-sized link with an icon and a line. */
function AccountLink(props: { to: string; icon: LucideIcon; title: string; text: string }) {
  const Icon = props.icon;
  return (
    <Link
      to={props.to}
      className="flex items-center gap-4 rounded-xl border border-border bg-card p-5 shadow-sm transition-colors hover:bg-muted"
    >
      <Icon className="size-6 text-primary" aria-hidden="true" />
      <span className="grid">
        <span className="font-medium">{props.title}</span>
        <span className="text-sm text-muted-foreground">{props.text}</span>
      </span>
    </Link>
  );
}
