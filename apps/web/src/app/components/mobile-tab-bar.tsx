import { countOf } from '@store/contracts/text';
import { Home, LayoutGrid, ShoppingBag, User } from 'lucide-react';
import { NavLink } from 'react-router';
import { useCart } from '@/state/cart/use-cart';
import { cn } from '@store/ui/cn';
import { paths } from '@/lib/paths';

const tabs = [
  { to: paths.home, label: 'Home', icon: Home, end: true },
  { to: paths.products(), label: 'Category', icon: LayoutGrid, end: false },
  { to: paths.account, label: 'My Account', icon: User, end: false },
  { to: paths.cart, label: 'Cart', icon: ShoppingBag, end: false },
] as const;

/** Bottom tab bar below the 768 px breakpoint. */
export function MobileTabBar() {
  const { itemCount } = useCart();
  return (
    <nav
      aria-label="Primary mobile"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="grid grid-cols-4">
        {tabs.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(
                  'relative flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium text-muted-foreground',
                  isActive && 'text-primary',
                )
              }
            >
              <Icon className="size-5" aria-hidden="true" />
              {label}
              {to === paths.cart && itemCount > 0 && (
                <span className="absolute right-[calc(50%-1.25rem)] top-2 min-w-4 rounded-full bg-primary px-1 text-center text-[10px] leading-4 text-primary-foreground">
                  <span aria-hidden="true">{itemCount}</span>
                  <span className="sr-only">, {countOf(itemCount, 'item')}</span>
                </span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
