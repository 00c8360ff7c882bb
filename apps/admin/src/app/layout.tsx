import { ExternalLink, Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { cn } from '@store/ui/cn';
import { Button } from '@store/ui/button';
import { toast } from '@store/ui/toast';
import { useCurrentStaff } from '@/features/auth/api/current-staff';
import { useSignOut } from '@/features/auth/api/sign-out';
import { useOpenOutbox } from '@/features/demo-outbox/api/open-outbox';
import { errorMessage } from '@/lib/api-client';
import { isOwner, useSession } from '@/state/session';

interface NavItem {
  to: string;
  label: string;
  ownerOnly?: boolean;
  end?: boolean;
}

/** The spec's navigation, in its order. */
export const navItems: readonly NavItem[] = [
  { to: '/', label: 'Dashboard', end: true },
  { to: '/orders', label: 'Orders' },
  // who holds stock without paying (fair stock): beside the orders that hold it
  { to: '/held-stock', label: 'Held stock' },
  // shoppers' return requests: after the orders they come from (issue 27)
  { to: '/returns', label: 'Returns' },
  { to: '/products', label: 'Products' },
  { to: '/categories', label: 'Categories' },
  // coupon codes and automatic offers: beside the catalogue and its prices (staff too)
  { to: '/discounts', label: 'Discounts' },
  { to: '/customers', label: 'Customers' },
  // shoppers' reviews waiting for Publish or Hide (issue 27): beside the customers who wrote them
  { to: '/reviews', label: 'Reviews' },
  // the contact form's messages and the newsletter's subscribers (issue 27): all staff answer them
  { to: '/messages', label: 'Messages' },
  { to: '/settings', label: 'Store settings', ownerOnly: true },
  { to: '/staff', label: 'Staff', ownerOnly: true },
  { to: '/activity', label: 'Activity' },
];

/**
 * The demo outbox (the e-mails and WhatsApp/SMS messages the shop would have sent), shown only when the server keeps one
 * (no SMTP server set). It is a page of the server's, outside the back office: a button, since
 * the way in is a one-time ticket asked for on the click.
 */
function DemoOutboxItem() {
  const current = useCurrentStaff();
  const open = useOpenOutbox();
  if (!current.data?.demoOutbox) return null;
  return (
    <li>
      {/* drawn like the links above: it is a place to go, though it asks for a ticket first */}
      <button
        type="button"
        className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium text-foreground hover:bg-muted disabled:opacity-60"
        disabled={open.isPending}
        onClick={() =>
          open.mutate(undefined, { onError: (error) => toast.error(errorMessage(error)) })
        }
      >
        Demo outbox
        <ExternalLink aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const session = useSession();
  const signOut = useSignOut();
  const owner = isOwner(session);
  return (
    <ul className="grid gap-1">
      {navItems
        .filter((item) => owner || !item.ownerOnly)
        .map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'block rounded-md px-3 py-2 text-sm font-medium',
                  isActive
                    ? 'bg-primary text-primary-foreground'
                    : 'text-foreground hover:bg-muted',
                )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      <DemoOutboxItem />
      <li className="mt-2 border-t border-border pt-2">
        <Button
          variant="ghost"
          className="w-full justify-start px-3"
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
        >
          Sign out
        </Button>
      </li>
    </ul>
  );
}

/** The signed-in frame: skip link, navigation (a menu button below 768 px), the page. */
export function AdminLayout() {
  const session = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  // a navigation closes the phone menu
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <div className="min-h-dvh md:grid md:grid-cols-[14rem_1fr]">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-card px-3 py-2 focus:not-sr-only focus:absolute focus:left-2 focus:top-2"
      >
        Skip to content
      </a>
      <header className="flex items-center justify-between border-b border-border bg-paper px-4 py-3 md:hidden">
        <span className="font-display text-lg font-semibold">Back office</span>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={menuOpen}
          aria-controls="admin-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          Menu
        </Button>
      </header>
      <nav
        id="admin-nav"
        aria-label="Back office"
        className={cn(
          'border-b border-border bg-paper p-3 md:sticky md:top-0 md:block md:h-dvh md:border-b-0 md:border-r',
          menuOpen ? 'block' : 'hidden',
        )}
      >
        <p className="mb-3 hidden px-3 font-display text-lg font-semibold md:block">Back office</p>
        <NavList onNavigate={() => setMenuOpen(false)} />
        {session ? (
          <p className="mt-4 truncate px-3 text-xs text-muted-foreground">
            {session.staff.email} · {session.staff.role}
          </p>
        ) : null}
      </nav>
      <main id="main" tabIndex={-1} className="min-w-0 p-4 outline-none md:p-8">
        <Outlet />
      </main>
    </div>
  );
}
