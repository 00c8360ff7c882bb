import { Heart, LogIn, Menu, ShoppingBag, User } from 'lucide-react';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Button, buttonVariants } from '@store/ui/button';
import { useSession } from '@/state/session/use-session';
import { useCart } from '@/state/cart/use-cart';
import { topCategories } from '@/state/store-info/categories';
import { brandName, useStoreInfo } from '@/state/store-info/use-store-info';
import { useWishlist } from '@/state/wishlist/wishlist-store';
import { cn } from '@store/ui/cn';
import { countOf } from '@store/contracts/text';
import { focusOnClose } from '@/lib/focus-on-close';
import { paths } from '@/lib/paths';
import { lazyNearViewport } from '@/lib/lazy-near-viewport';

// The drawer (Radix Dialog) loads on first open, keeping it out of the entry chunk.
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));

const loadSearchBox = () => import('./search-box').then((m) => m.SearchBox);
// The bar's search field is drawn from 768 px up: a phone, where it is hidden (display: none never
// comes near the viewport), fetches its code at the first tap or key only, not with the page
// (issue 25: JavaScript before idle). A wide screen fetches it at once; the server's HTML shows the
// field meanwhile, and its plain GET form works before then.
const BarSearchBox = lazyNearViewport(loadSearchBox, {
  className: 'mr-2 hidden min-w-32 shrink-[1000] basis-64 md:block',
});
// In the phone menu (loaded on the first tap of its button): the field is the menu's first line.
const MenuSearchBox = lazy(() => loadSearchBox().then((SearchBox) => ({ default: SearchBox })));

export const SOLID_AFTER_PX = 20;

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium transition-colors hover:text-primary xl:px-3',
    isActive ? 'text-primary' : 'text-foreground/80',
  );

/** The number on an icon link; the link's label already says it, so screen readers skip this. */
function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-primary px-1 text-center text-[11px] font-semibold leading-5 text-primary-foreground"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

export function Navbar() {
  const { storeInfo, isLoading } = useStoreInfo();
  const { isLoggedIn } = useSession();
  const { itemCount } = useCart();
  const saved = useWishlist();
  const location = useLocation();
  const scrolled = useScrolledPast(SOLID_AFTER_PX);
  // The menu is open only for the location it was opened at, so any route change closes it.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === location.key;
  const menuButton = useRef<HTMLButtonElement>(null);
  // the page now, for the menu's focus on closing (read after the render that closed it)
  const locationKey = useRef(location.key);
  useLayoutEffect(() => {
    locationKey.current = location.key;
  });

  // No links until store info answers: the default list (Men, Women, Accessories) is for a store
  // that names no categories, and flashing it before a stationery shop's own list looks broken.
  const categories = (isLoading ? [] : topCategories(storeInfo?.categories)).map((name) => ({
    name,
    href: paths.category(name),
  }));
  const currentCategory = new URLSearchParams(location.search).get('category');

  return (
    <header
      className={cn(
        'sticky top-0 z-40 transition-[background-color,box-shadow,border-color] duration-300',
        scrolled
          ? 'border-b border-border bg-card/95 shadow-sm backdrop-blur'
          : 'border-b border-transparent bg-background/70',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 lg:px-8">
        {/* One line whatever the store is called ("Kagaz & Kalam Stationers" wrapped the bar at
            1366 px and was cut at 1024): the name gives way last, ending in an ellipsis, and its
            whole is in the title (and the link's text, for screen readers). */}
        <Link
          to={paths.home}
          title={brandName(storeInfo)}
          className="min-w-0 truncate font-display text-xl font-semibold tracking-tight text-primary sm:text-2xl lg:text-xl xl:text-2xl"
        >
          {brandName(storeInfo)}
        </Link>

        {/* from lg up; a tablet has the menu, where the categories' links have room */}
        <nav aria-label="Main" className="ml-2 hidden shrink-0 items-center lg:flex xl:ml-6">
          {categories.map((c) => (
            <NavLink
              key={c.name}
              to={c.href}
              className={() =>
                navLinkClass({
                  isActive:
                    location.pathname === paths.products() &&
                    currentCategory === c.name.toLowerCase(),
                })
              }
            >
              {c.name}
            </NavLink>
          ))}
          <NavLink
            to={paths.products()}
            end
            className={() =>
              navLinkClass({ isActive: location.pathname === paths.products() && !currentCategory })
            }
          >
            All Products
          </NavLink>
        </nav>

        <div className="ml-auto flex shrink-0 items-center gap-1 md:shrink-[1000]">
          {/* phones search from the menu, where the bar has no room for a field; the field
              narrows before the store's name is cut (BarSearchBox's shrink weight: the name's
              share of a shortfall is a thousandth of the field's) */}
          <BarSearchBox />
          <Link
            to={paths.wishlist}
            className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative shrink-0')}
            aria-label={`Wishlist, ${countOf(saved.length, 'item')}`}
          >
            <Heart className="size-5" aria-hidden="true" />
            <CountBadge count={saved.length} />
          </Link>
          <Link
            to={paths.cart}
            className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative shrink-0')}
            aria-label={`Cart, ${countOf(itemCount, 'item')}`}
          >
            <ShoppingBag className="size-5" aria-hidden="true" />
            <CountBadge count={itemCount} />
          </Link>
          <div className="hidden shrink-0 md:block">
            {isLoggedIn ? (
              <Link
                to={paths.account}
                aria-label="My Account"
                className={buttonVariants({ variant: 'ghost', size: 'icon' })}
              >
                <User className="size-5" aria-hidden="true" />
              </Link>
            ) : (
              // hidden until live on a signed-in shopper's page (index.css, data-signed-in)
              <Link to={paths.login} className={buttonVariants({ size: 'sm' })} data-signed-out="">
                <LogIn aria-hidden="true" />
                Login
              </Link>
            )}
          </div>
          <div className="lg:hidden">
            <Button
              variant="ghost"
              size="icon"
              aria-label="Open menu"
              aria-expanded={menuOpen}
              aria-haspopup="dialog"
              ref={menuButton}
              onClick={() => setMenuOpenedAt(location.key)}
            >
              <Menu className="size-5" aria-hidden="true" />
            </Button>
          </div>
        </div>
      </div>
      {menuOpenedAt !== null && (
        <Suspense fallback={null}>
          <MobileMenu
            open={menuOpen}
            onOpenChange={(open) => setMenuOpenedAt(open ? location.key : null)}
            categories={categories}
            isLoggedIn={isLoggedIn}
            search={<MenuSearchBox />}
            // back to the menu button, unless a link in the menu went to another page
            onCloseAutoFocus={focusOnClose(menuButton, () => locationKey.current !== menuOpenedAt)}
          />
        </Suspense>
      )}
    </header>
  );
}
