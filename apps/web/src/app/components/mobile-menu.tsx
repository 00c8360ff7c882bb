import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '@store/ui/button';
import { Sheet, SheetContent } from '@store/ui/sheet';
import { paths } from '@/lib/paths';

interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  categories: { name: string; href: string }[];
  isLoggedIn: boolean;
  /**
   * The search box, handed in by the navbar: importing it here would make this lazy chunk and the
   * entry import each other, and the bundler then splits shared code off the entry (+0.7 KB gzip).
   */
  search?: ReactNode;
  /** where the focus goes once the menu has closed (`focusOnClose`) */
  onCloseAutoFocus?: (event: Event) => void;
}

/** An expanded combobox (the search box with its suggestions showing) has the focus. */
function hasOpenList(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    target.getAttribute('role') === 'combobox' &&
    target.getAttribute('aria-expanded') === 'true'
  );
}

const itemClass =
  'block rounded-md px-3 py-2.5 text-base font-medium text-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** Drawer menu under 768 px; a route change closes it (the navbar ties `open` to the location). */
export function MobileMenu({
  open,
  onOpenChange,
  categories,
  isLoggedIn,
  search,
  onCloseAutoFocus,
}: MobileMenuProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        title="Menu"
        description="Shop categories and account links"
        onCloseAutoFocus={onCloseAutoFocus}
        onEscapeKeyDown={(event) => {
          // Radix hears Escape on the document before the search box does: with its suggestions
          // open, Escape belongs to the box (it closes the list), not to the menu
          if (hasOpenList(event.target)) event.preventDefault();
        }}
      >
        {search}
        <nav aria-label="Mobile" className="flex flex-1 flex-col gap-1">
          {categories.map((c) => (
            <Link key={c.name} to={c.href} className={itemClass}>
              {c.name}
            </Link>
          ))}
          <Link to={paths.products()} className={itemClass}>
            All Products
          </Link>
          <Link to={paths.cart} className={itemClass}>
            Cart
          </Link>
          <div className="mt-auto flex flex-col gap-2 border-t border-border pt-4">
            {isLoggedIn ? (
              <Link to={paths.account} className={buttonVariants()}>
                My Account
              </Link>
            ) : (
              <>
                <Link to={paths.login} className={buttonVariants()}>
                  Login
                </Link>
                <Link to={paths.register} className={buttonVariants({ variant: 'outline' })}>
                  Register
                </Link>
              </>
            )}
          </div>
        </nav>
      </SheetContent>
    </Sheet>
  );
}
