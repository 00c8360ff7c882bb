import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import type { ProductView } from '../lib/product-view';

interface Crumb {
  label: string;
  /** absent for the page itself */
  href?: string;
}

/**
 * Home › parent category › category, as the listing reads them: the parent crumb lists the whole
 * parent (/products?parentCategory=…, headed by its name), the category crumb the store category
 * (/products?category={lowercased}, as the navigation bar links it).
 */
export function productCrumbs(
  product: Pick<ProductView, 'name' | 'category' | 'parentCategory'>,
): Crumb[] {
  const crumbs: Crumb[] = [{ label: 'Home', href: paths.home }];
  const parent = product.parentCategory?.trim();
  if (parent) crumbs.push({ label: parent, href: paths.products({ parentCategory: parent }) });
  if (product.category)
    crumbs.push({ label: product.category, href: paths.category(product.category) });
  crumbs.push({ label: product.name });
  return crumbs;
}

/**
 * One line at every width, so a long name never widens a phone's page: the product's title gives
 * way first (the h1 below has it in full), the categories a little, Home never. On a phone, where
 * four crumbs could only show as stubs ("Writing Instru… › Pens & W… › Clas…"), only Home and the
 * nearest category show, in full.
 */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const nearest = crumbs.length - 2;
  return (
    <nav aria-label="Breadcrumb" className="w-full min-w-0">
      <ol className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
        {crumbs.map((crumb, index) => (
          <li
            key={`${index}-${crumb.label}`}
            className={`items-center gap-1.5 ${
              index === 0 || index === nearest ? 'flex' : 'hidden sm:flex'
            } ${index === 0 ? 'shrink-0' : crumb.href ? 'min-w-0' : 'min-w-16 shrink-[8]'}`}
          >
            {index > 0 && <ChevronRight aria-hidden="true" className="size-3.5 shrink-0" />}
            {crumb.href ? (
              <Link to={crumb.href} className="truncate hover:text-foreground hover:underline">
                {crumb.label}
              </Link>
            ) : (
              <span aria-current="page" className="truncate font-medium text-foreground">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
